import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { paymentProvider } from '../../src/providers/payments/index.js';
import { testConfig } from '../helpers/build-test-app.js';
import { startLivePayments } from './live-payments.js';

let live: Awaited<ReturnType<typeof startLivePayments>>;
beforeAll(async () => {
  live = await startLivePayments();
});
afterAll(() => live.close());

describe('PAYMENTS=live', () => {
  it('names every WeChat Pay and Alipay setting it lacks, and PUBLIC_URL, which notifications need', () => {
    for (const key of [
      'WECHAT_PAY_MCH_ID',
      'WECHAT_PAY_APP_ID',
      'WECHAT_PAY_CERT_SERIAL',
      'WECHAT_PAY_PRIVATE_KEY_FILE',
      'WECHAT_PAY_API_V3_KEY',
      'WECHAT_PAY_PLATFORM_KEY_FILE',
      'WECHAT_PAY_PLATFORM_SERIAL',
      'ALIPAY_APP_ID',
      'ALIPAY_PRIVATE_KEY_FILE',
      'ALIPAY_PUBLIC_KEY_FILE',
      'PUBLIC_URL',
    ]) {
      expect(() => loadConfig({ PAYMENTS: 'live' })).toThrow(`${key}: is required when PAYMENTS=live`);
    }
    expect(() => loadConfig({ PAYMENTS: 'live' })).not.toThrow(/ALIPAY_SELLER_ID/);
    expect(() => loadConfig({ ...live.env, WECHAT_PAY_API_V3_KEY: 'short' })).toThrow(/WECHAT_PAY_API_V3_KEY: must be/);
    expect(loadConfig(live.env)).toMatchObject({ PAYMENTS: 'live', ALIPAY_GATEWAY: live.alipay.gateway });
    expect(loadConfig({})).toMatchObject({
      WECHAT_PAY_API_BASE: 'https://api.mch.weixin.qq.com',
      ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do',
    });
  });

  it('stops the server at start, naming the variable, when a key file is missing or holds no key', async () => {
    const missing = await testConfig({ ...live.env, WECHAT_PAY_PRIVATE_KEY_FILE: '/nonexistent/apiclient_key.pem' });
    expect(() => paymentProvider(missing)).toThrow(ConfigError);
    expect(() => paymentProvider(missing)).toThrow(/WECHAT_PAY_PRIVATE_KEY_FILE: cannot read/);

    const garbage = `${live.env.ALIPAY_PUBLIC_KEY_FILE}.broken`;
    writeFileSync(garbage, 'not a key');
    const broken = await testConfig({ ...live.env, ALIPAY_PUBLIC_KEY_FILE: garbage });
    expect(() => paymentProvider(broken)).toThrow(/ALIPAY_PUBLIC_KEY_FILE: .* holds no usable key/);

    expect(paymentProvider(await testConfig(live.env)).sandbox).toBe(false);
  });
});

describe('the bank account for transfers', () => {
  it('defaults to a fictitious one, refused in production', () => {
    expect(loadConfig({}).BANK_ACCOUNT_NUMBER).toMatch(/^[0 ]+$/);
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(
      /BANK_ACCOUNT_NUMBER: must be the real receiving account/,
    );
    expect(() => loadConfig({ APP_ENV: 'production', BANK_ACCOUNT_NUMBER: '6222 0000 1111 2222' })).not.toThrow(
      /BANK_ACCOUNT_NUMBER/,
    );
  });
});
