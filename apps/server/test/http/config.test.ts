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

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('refuses production with development tools on', () => {
    expect(() => loadConfig({ APP_ENV: 'production', DEV_TOOLS: '1' })).toThrow(/DEV_TOOLS: must be off in production/);
  });

  it('refuses production with a sandbox provider', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/PAYMENTS: the sandbox provider is refused/);
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/SMS: the outbox provider is refused/);
  });
});
