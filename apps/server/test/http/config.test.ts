import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

/** What loadConfig says is wrong with `env`, or '' when nothing is. */
function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('configuration', () => {
  it('works with no environment at all, on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      http: { port: 8080 },
      runtime: { devTools: false },
      security: { snCheck: true },
      payments: { provider: 'sandbox' },
      sms: { provider: 'outbox' },
    });
    expect(config.database.url).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '' }).http.port).toBe(8080);
  });

  it('serves application links on the port the server listens on, unless APP_DOMAIN says otherwise', () => {
    expect(loadConfig({}).http.appDomain).toBe('apps.localhost:8080');
    expect(loadConfig({ PORT: '3000' }).http.appDomain).toBe('apps.localhost:3000');
    expect(loadConfig({ PORT: '3000', APP_DOMAIN: 'apps.example.com' }).http.appDomain).toBe('apps.example.com');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('names every variable at fault in one start, whichever group it belongs to, each once', () => {
    const message = problemsOf({ PORT: 'eighty', SMS: 'gateway', PAYMENTS: 'live', PUBLIC_URL: 'not a url' });
    expect(message).toMatch(/PORT: /);
    expect(message).toMatch(/SMS_GATEWAY_URL: is required when SMS=gateway/);
    expect(message).toMatch(/WECHAT_PAY_MCH_ID: is required when PAYMENTS=live/);
    // PUBLIC_URL is read by the http group and, as the notification origin, by the payments group.
    expect(message.match(/PUBLIC_URL: /g)).toHaveLength(1);
  });

  it('gives an adapter its settings only when it is chosen', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }).mail).toEqual({ provider: 'outbox' });
    expect(loadConfig({ MAIL: 'smtp', SMTP_URL: 'smtp://mail.example:587' }).mail).toEqual({
      provider: 'smtp',
      url: 'smtp://mail.example:587',
      from: 'Suanli <no-reply@suanli.local>',
    });
    expect(() => loadConfig({ MAIL: 'smtp' })).toThrow(/SMTP_URL: is required when MAIL=smtp/);
  });

  it('refuses production with development tools on', () => {
    expect(() => loadConfig({ APP_ENV: 'production', DEV_TOOLS: '1' })).toThrow(/DEV_TOOLS: must be off in production/);
  });

  it('refuses production without keys of its own, and leaves them unset elsewhere for DATA_DIR to supply', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(
      /ID_ENCRYPTION_KEY: must be set to a secret of its own in production/,
    );
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/OBJECT_SIGNING_KEY: must be set/);
    expect(loadConfig({}).keys.idEncryption).toBeUndefined();
    expect(() => loadConfig({ OBJECT_SIGNING_KEY: 'dG9vIHNob3J0' })).toThrow(/OBJECT_SIGNING_KEY: must be 32 bytes/);
  });

  it('takes request, header and keep-alive timeouts, a head never allowed longer than the whole request', () => {
    expect(loadConfig({}).http).toMatchObject({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 20_000,
      keepAliveTimeoutMs: 72_000,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '10000', HEADERS_TIMEOUT_MS: '10000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must be less than REQUEST_TIMEOUT_MS/,
    );
  });

  it('refuses production with a sandbox provider', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/PAYMENTS: the sandbox provider is refused/);
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/SMS: the outbox provider is refused/);
  });
});
