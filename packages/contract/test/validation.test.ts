import { describe, expect, it } from 'vitest';
import {
  accountSchema,
  diskExpansionSchema,
  hasForbiddenCharacter,
  isEmail,
  isPhone,
  passwordSchema,
  rechargeAmountSchema,
  transferAmountSchema,
} from '../src/validation.js';

describe('validation rules of spec §5', () => {
  it('accepts mainland phones only: 1, then 3 to 9, eleven digits', () => {
    expect(['13800000000', '19912345678'].every(isPhone)).toBe(true);
    expect(['12800000000', '1380000000', '138000000000', '+8613800000000', '23800000000'].some(isPhone)).toBe(false);
  });

  it('accepts e-mails with a suffix of at least two letters', () => {
    expect(['a@b.cn', 'first.last+tag@mail.example.com'].every(isEmail)).toBe(true);
    expect(['a@b.c', 'a@b', '@b.cn', 'a b@c.cn', 'a@.cn'].some(isEmail)).toBe(false);
  });

  it('says which rule an account breaks, by catalogue key', () => {
    expect(accountSchema.safeParse('').error?.issues[0]?.message).toBe('validation.accountRequired');
    expect(accountSchema.safeParse('hello').error?.issues[0]?.message).toBe('validation.account');
    expect(accountSchema.safeParse(' 13800000000 ').success).toBe(true);
  });

  it('wants passwords of 6 to 20 characters', () => {
    expect(passwordSchema.safeParse('12345').success).toBe(false);
    expect(passwordSchema.safeParse('123456').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(20)).success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(21)).success).toBe(false);
  });

  it('keeps transfers between 0.01 and 999,999.99 with two decimals', () => {
    expect(transferAmountSchema.parse('0.01')).toBe(100n);
    expect(transferAmountSchema.parse(999_999.99)).toBe(9_999_999_900n);
    for (const bad of ['0', '0.001', '1000000', '-1', 'abc']) {
      expect(transferAmountSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('keeps a recharge a positive whole amount of at most 5000', () => {
    expect(rechargeAmountSchema.parse('5000')).toBe(50_000_000n);
    for (const bad of ['0', '5001', '10.5', '-3']) {
      expect(rechargeAmountSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('expands data disks from 10 to 150 GB in steps of 10', () => {
    expect(diskExpansionSchema.parse('150')).toBe(150);
    for (const bad of [0, 5, 15, 160]) {
      expect(diskExpansionSchema.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe(
        'validation.diskExpansion',
      );
    }
  });

  it('forbids U+0000, lone surrogates and bidirectional controls in any text, and nothing else', () => {
    const forbidden = ['a\u0000b', '\ud800', 'a\udfffb', '\udc00\ud800', 'x\u202ey', '\u202a', '\u2066', '\u2069'];
    expect(forbidden.filter((text) => !hasForbiddenCharacter(text))).toEqual([]);
    const allowed = ['张三', '🚀', 'a\u200db', 'line\nbreak', '\u061c', 'O\u2019Brien', '阿依古丽·买买提'];
    expect(allowed.filter(hasForbiddenCharacter)).toEqual([]);
  });
});
