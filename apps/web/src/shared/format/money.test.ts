import { describe, expect, it } from 'vitest';
import { formatMoneyText } from './money';

describe('money as the console shows it', () => {
  it.each([
    ['0.00', '¥0.00'],
    ['12.30', '¥12.30'],
    ['999.99', '¥999.99'],
    ['1000.00', '¥1,000.00'],
    ['1234567.89', '¥1,234,567.89'],
    ['999999999999999.99', '¥999,999,999,999,999.99'],
  ])('groups thousands in %s', (value, shown) => {
    expect(formatMoneyText(value)).toBe(shown);
  });

  it('puts the sign of a negative amount before the currency', () => {
    expect(formatMoneyText('-12.30')).toBe('-¥12.30');
    expect(formatMoneyText('-1234567.80')).toBe('-¥1,234,567.80');
  });

  it('signs a ledger amount both ways when asked, leaving zero unsigned', () => {
    expect(formatMoneyText('12.30', true)).toBe('+¥12.30');
    expect(formatMoneyText('-1234.50', true)).toBe('-¥1,234.50');
    expect(formatMoneyText('0.00', true)).toBe('¥0.00');
  });

  it('shows prices as every other amount: two decimals with ¥', () => {
    expect(formatMoneyText('1.95')).toBe('¥1.95');
    expect(formatMoneyText('1.9500')).toBe('¥1.95');
    expect(formatMoneyText('2.28')).toBe('¥2.28');
  });

  it('rounds half-up to two decimals in integer units, where a float would not', () => {
    // 1.005 is 1.00499999999999989… as a double, so toFixed(2) gives 1.00; the amount in units rounds to 1.01.
    expect(formatMoneyText('1.0050')).toBe('¥1.01');
    expect(formatMoneyText('-1.0050')).toBe('-¥1.01');
    // Beyond 2^53 a double cannot hold every cent; the text keeps them.
    expect(formatMoneyText('90071992547409.93')).toBe('¥90,071,992,547,409.93');
  });

  it('returns text that is not an amount unchanged rather than a made-up zero', () => {
    expect(formatMoneyText('abc')).toBe('abc');
    expect(formatMoneyText('')).toBe('');
  });
});
