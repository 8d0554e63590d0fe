import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('works with no environment at all, on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, DEV_TOOLS: false, SN_CHECK: true, PAYMENTS: 'sandbox', SMS: 'outbox' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(8080);
  });

  it('serves application links on the port the server listens on, unless APP_DOMAIN says otherwise', () => {
    expect(loadConfig({}).APP_DOMAIN).toBe('apps.localhost:8080');
    expect(loadConfig({ PORT: '3000' }).APP_DOMAIN).toBe('apps.localhost:3000');
    expect(loadConfig({ PORT: '3000', APP_DOMAIN: 'apps.example.com' }).APP_DOMAIN).toBe('apps.example.com');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('refuses production with development tools on', () => {
    expect(() => loadConfig({ APP_ENV: 'production', DEV_TOOLS: '1' })).toThrow(/DEV_TOOLS: must be off in production/);
  });

  it('refuses production without keys of its own, and leaves them unset elsewhere for DATA_DIR to supply', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(
      /ID_ENCRYPTION_KEY: must be set to a secret of its own in production/,
    );
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/OBJECT_SIGNING_KEY: must be set/);
    expect(loadConfig({}).ID_ENCRYPTION_KEY).toBeUndefined();
    expect(() => loadConfig({ OBJECT_SIGNING_KEY: 'dG9vIHNob3J0' })).toThrow(/OBJECT_SIGNING_KEY: must be 32 bytes/);
  });

  it('takes request, header and keep-alive timeouts, a head never allowed longer than the whole request', () => {
    expect(loadConfig({})).toMatchObject({
      REQUEST_TIMEOUT_MS: 60_000,
      HEADERS_TIMEOUT_MS: 20_000,
      KEEP_ALIVE_TIMEOUT_MS: 72_000,
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
