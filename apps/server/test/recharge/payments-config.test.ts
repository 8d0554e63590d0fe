import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { systemClock } from '../../src/jobs/clock.js';
import { paymentProvider } from '../../src/providers/payments/index.js';
import { testConfig } from '../helpers/build-test-app.js';
import { exitOf, spawnTs } from '../helpers/spawn.js';
import { PUBLIC_URL, startLivePayments } from './live-payments.js';

let live: Awaited<ReturnType<typeof startLivePayments>>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'suanli-payments-config-'));
beforeAll(async () => {
  live = await startLivePayments();
});
afterAll(async () => {
  await live.close();
  rmSync(dataDir, { recursive: true, force: true });
});

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
    expect(loadConfig(live.env).payments).toMatchObject({ provider: 'live', alipay: { gateway: live.alipay.gateway } });
  });

  it('refuses to start on a partial WeChat Pay configuration, naming the one variable it lacks', async () => {
    const { WECHAT_PAY_PLATFORM_SERIAL: _left, ...partial } = live.env;
    const server = spawnTs('src/server.ts', [], { ...partial, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect((await exitOf(server)).code).toBe(1);
    expect(stderr).toContain('WECHAT_PAY_PLATFORM_SERIAL: is required when PAYMENTS=live');
    expect(stderr.match(/WECHAT_PAY_\w+:/g)).toEqual(['WECHAT_PAY_PLATFORM_SERIAL:']);
  });

  it('embeds the defaults: the sandbox cashier with no WeChat Pay part at all, and the providers’ own origins', () => {
    expect(loadConfig({ WECHAT_PAY_MCH_ID: live.env.WECHAT_PAY_MCH_ID }).payments).toEqual({
      provider: 'sandbox',
      bankAccount: expect.objectContaining({ accountNumber: '0000 0000 0000 0000 000' }),
    });
    const { WECHAT_PAY_API_BASE: _wechat, ALIPAY_GATEWAY: _alipay, ...withoutOrigins } = live.env;
    expect(loadConfig(withoutOrigins).payments).toMatchObject({
      provider: 'live',
      notifyBase: PUBLIC_URL,
      wechatPay: { mchId: live.env.WECHAT_PAY_MCH_ID, apiBase: 'https://api.mch.weixin.qq.com' },
      alipay: { appId: live.env.ALIPAY_APP_ID, gateway: 'https://openapi.alipay.com/gateway.do' },
    });
  });

  it('stops the server at start, naming the variable, when a key file is missing or holds no key', async () => {
    const missing = await testConfig({ ...live.env, WECHAT_PAY_PRIVATE_KEY_FILE: '/nonexistent/apiclient_key.pem' });
    expect(() => paymentProvider(missing, systemClock)).toThrow(ConfigError);
    expect(() => paymentProvider(missing, systemClock)).toThrow(/WECHAT_PAY_PRIVATE_KEY_FILE: cannot read/);

    const garbage = `${live.env.ALIPAY_PUBLIC_KEY_FILE}.broken`;
    writeFileSync(garbage, 'not a key');
    const broken = await testConfig({ ...live.env, ALIPAY_PUBLIC_KEY_FILE: garbage });
    expect(() => paymentProvider(broken, systemClock)).toThrow(/ALIPAY_PUBLIC_KEY_FILE: .* holds no usable key/);

    expect(paymentProvider(await testConfig(live.env), systemClock).sandbox).toBe(false);
  });
});

describe('the bank account for transfers', () => {
  it('defaults to a fictitious one, refused in production', () => {
    expect(loadConfig({}).payments.bankAccount.accountNumber).toMatch(/^[0 ]+$/);
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(
      /BANK_ACCOUNT_NUMBER: must be the real receiving account/,
    );
    expect(() => loadConfig({ APP_ENV: 'production', BANK_ACCOUNT_NUMBER: '6222 0000 1111 2222' })).not.toThrow(
      /BANK_ACCOUNT_NUMBER/,
    );
  });
});
