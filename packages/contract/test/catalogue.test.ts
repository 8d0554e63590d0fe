import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../src/endpoints/index.js';
import { ALL_ENUMS } from '../src/enums.js';
import { ERRORS, errorMessageKey, type ErrorCode } from '../src/errors.js';
import { CONTRACT_MESSAGES, hasMessage, translate } from '../src/i18n/index.js';
import { signRequest, verifySignature } from '../src/sn.js';

const keysOf = (node: unknown, prefix = ''): string[] =>
  Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('the contract catalogue', () => {
  it('has the same keys in zh-CN and en-US', () => {
    expect(keysOf(CONTRACT_MESSAGES['en-US']).sort()).toEqual(keysOf(CONTRACT_MESSAGES['zh-CN']).sort());
  });

  it('has a message for every error code and a label for every enum value', () => {
    for (const code of Object.keys(ERRORS) as ErrorCode[]) {
      expect(hasMessage(errorMessageKey(code)), code).toBe(true);
    }
    for (const enumeration of ALL_ENUMS) {
      for (const value of enumeration.values) {
        expect(hasMessage(enumeration.labelKey(value as never)), `${enumeration.name}.${value}`).toBe(true);
      }
    }
  });

  it('fills placeholders and falls back to zh-CN', () => {
    expect(translate('en-US', 'errors.payloadTooLarge', { limit: 10 })).toBe(
      'The request body is too large (at most 10 bytes)',
    );
    expect(translate('en-US', 'enums.orderStatus.paid')).toBe('Paid');
    expect(translate('zh-CN', 'no.such.key')).toBe('no.such.key');
  });
});

describe('the endpoint table', () => {
  it('declares each endpoint once, by id and by method and path', () => {
    const ids = ENDPOINTS.map((endpoint) => endpoint.id);
    const routes = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routes).size).toBe(routes.length);
  });
});

describe('the sn header', () => {
  it('verifies a fresh signature for the same path and refuses another path or an old one', () => {
    const now = Date.now();
    const sn = signRequest('/auth/logout', now);
    expect(verifySignature(sn, '/auth/logout', now + 1_000)).toBe(true);
    expect(verifySignature(signRequest('aaaa', now), 'bbbb', now)).toBe(false);
    expect(verifySignature(sn, '/auth/logout', now + 6 * 60_000)).toBe(false);
    expect(verifySignature('garbage', '/auth/logout', now)).toBe(false);
    expect(verifySignature(undefined, '/auth/logout', now)).toBe(false);
  });
});
