import { describe, expect, it } from 'vitest';
import { pickLocale, translate } from '../src/index.js';

describe('the language of an answer, from Accept-Language', () => {
  it.each([
    ['en', 'en-US'],
    ['EN-gb', 'en-US'],
    [' en-US,zh-CN;q=0.8', 'en-US'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['fr-FR,en;q=0.5', 'zh-CN'],
    [' ,en', 'zh-CN'],
    ['', 'zh-CN'],
    [undefined, 'zh-CN'],
    [null, 'zh-CN'],
  ] as const)('%j answers in %s', (header, locale) => {
    expect(pickLocale(header)).toBe(locale);
  });
});

describe('translating a server message', () => {
  it('fills each call with its own values, the same key asked again and again', () => {
    expect(translate('en-US', 'errors.validation', { field: 'phone', reason: 'too short' })).toBe(
      'Invalid phone: too short',
    );
    expect(translate('en-US', 'errors.validation', { field: 'code', reason: 'expired' })).toBe('Invalid code: expired');
    expect(translate('zh-CN', 'errors.validation', { field: 'phone', reason: '太短' })).toBe('参数 phone 不正确：太短');
    expect(translate('en-US', 'errors.validation')).toBe('Invalid : ');
  });

  it('answers a key that names no message, or a group of them, as it was given, every time', () => {
    for (let time = 0; time < 2; time += 1) {
      expect(translate('en-US', 'no.such.key')).toBe('no.such.key');
      expect(translate('zh-CN', 'errors')).toBe('errors');
    }
    expect(translate('en-US', 'errors.ok')).toBe('OK');
  });
});
