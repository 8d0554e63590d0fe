import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { ALIPAY, startFakeAlipay } from './alipay-fake.js';
import { startFakeWechatPay, WECHAT_PAY } from './wechat-pay-fake.js';

export const PUBLIC_URL = 'https://suanli.example';

/**
 * Fake WeChat Pay and Alipay servers, with keys generated for this run and written where PAYMENTS=live reads them,
 * and the environment that points the server at them: `buildTestApp(live.env)`.
 */
export async function startLivePayments() {
  const [wechat, alipay] = await Promise.all([startFakeWechatPay(), startFakeAlipay()]);
  const dir = mkdtempSync(path.join(tmpdir(), 'suanli-payments-'));
  const file = (name: string, content: string) => {
    const at = path.join(dir, name);
    writeFileSync(at, content, { mode: 0o600 });
    return at;
  };
  const env = {
    PAYMENTS: 'live',
    PUBLIC_URL,
    WECHAT_PAY_MCH_ID: WECHAT_PAY.mchId,
    WECHAT_PAY_APP_ID: WECHAT_PAY.appId,
    WECHAT_PAY_CERT_SERIAL: WECHAT_PAY.certSerial,
    WECHAT_PAY_PRIVATE_KEY_FILE: file('apiclient_key.pem', wechat.keys.merchantPrivate),
    WECHAT_PAY_API_V3_KEY: WECHAT_PAY.apiV3Key,
    WECHAT_PAY_PLATFORM_KEY_FILE: file('pub_key.pem', wechat.keys.platformPublic),
    WECHAT_PAY_PLATFORM_SERIAL: WECHAT_PAY.platformSerial,
    WECHAT_PAY_API_BASE: wechat.url,
    ALIPAY_APP_ID: ALIPAY.appId,
    ALIPAY_PRIVATE_KEY_FILE: file('app_private_key.txt', alipay.keys.appPrivate),
    ALIPAY_PUBLIC_KEY_FILE: file('alipay_public_key.txt', alipay.keys.alipayPublic),
    ALIPAY_GATEWAY: alipay.gateway,
    ALIPAY_SELLER_ID: ALIPAY.sellerId,
  };
  return {
    wechat,
    alipay,
    env,
    close: async () => {
      await Promise.all([wechat.close(), alipay.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's app on PAYMENTS=live against fresh fakes, built before its tests and closed after them; read
 * `live.t` and `live.payments` inside the tests.
 */
export function useLivePaymentsApp() {
  const live = {} as { t: TestApp; payments: Awaited<ReturnType<typeof startLivePayments>> };
  beforeAll(async () => {
    live.payments = await startLivePayments();
    live.t = await buildTestApp({ ...live.payments.env, RATE_LIMIT_PER_MINUTE: '0' });
  });
  afterAll(async () => {
    await live.t.close();
    await live.payments.close();
  });
  return live;
}
