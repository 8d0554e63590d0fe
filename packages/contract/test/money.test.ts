import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRate,
  applyRatesToFen,
  divideHalfUp,
  formatMoney,
  minutesCostInFen,
  money,
  parseMoney,
  roundToCents,
  type Money,
} from '../src/money.js';

const units = fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }).map(money);

describe('money in units of 0.0001 yuan', () => {
  it('parses decimal text exactly, never through a float', () => {
    expect(parseMoney('0.1')).toBe(1_000n);
    expect(parseMoney('12.30')).toBe(123_000n);
    expect(parseMoney(0.3)).toBe(3_000n);
    expect(parseMoney('-1.9500')).toBe(-19_500n);
    expect(parseMoney('999999.99', 2)).toBe(9_999_999_900n);
  });

  it('refuses text that is not an exact amount', () => {
    for (const bad of ['', 'abc', '1.2.3', '1e3', '0x10', '1.23456', ' ', '1,000', 'NaN']) {
      expect(parseMoney(bad), bad).toBeNull();
    }
    expect(parseMoney(Number.NaN)).toBeNull();
    expect(parseMoney(Infinity)).toBeNull();
    expect(parseMoney('1.234', 2)).toBeNull();
  });

  it('takes amounts only as Money, which parsing and money() make', () => {
    const parsed: Money | null = parseMoney('1.00');
    expect(parsed).toBe(money(10_000n));
    // @ts-expect-error a bare bigint (a count, an id) is not an amount
    expect(formatMoney(10_000n)).toBe('1.00');
  });

  it('formats balances with two decimals, rounding half-up once', () => {
    expect(formatMoney(money(123_000n))).toBe('12.30');
    expect(formatMoney(money(10_050n))).toBe('1.01');
    expect(formatMoney(money(10_049n))).toBe('1.00');
    expect(formatMoney(money(-10_050n))).toBe('-1.01');
    expect(formatMoney(money(0n))).toBe('0.00');
    expect(formatMoney(money(19_500n), 4)).toBe('1.9500');
  });

  it('round-trips any amount through four-decimal text', () => {
    fc.assert(fc.property(units, (amount) => parseMoney(formatMoney(amount, 4)) === amount));
  });

  it('rounds to cents by at most half a cent, symmetrically for negatives', () => {
    fc.assert(
      fc.property(units, (amount) => {
        const rounded = roundToCents(amount);
        const error = rounded - amount;
        return rounded % 100n === 0n && error <= 50n && error >= -50n && roundToCents(money(-amount)) === -rounded;
      }),
    );
  });

  it('applies discounts in basis points with one half-up rounding', () => {
    expect(applyRate(money(19_500n), 9_800)).toBe(19_110n);
    expect(applyRate(money(1n), 5_000)).toBe(1n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }).map(money),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, rate) => {
          const result = applyRate(amount, rate);
          return result >= 0n && result <= amount;
        },
      ),
    );
  });

  it('charges N minutes exactly round(hourly × N / 60) to the fen, each minute a whole fen', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }).map(money),
        fc.integer({ min: 1, max: 3_000 }),
        (hourly, minutes) => {
          let total = 0n;
          for (let minute = 0; minute < minutes; minute += 1) {
            const line = minutesCostInFen(hourly, minute + 1) - minutesCostInFen(hourly, minute);
            if (line % 100n !== 0n || line < 0n) {
              return false;
            }
            total += line;
          }
          return total === divideHalfUp(hourly * BigInt(minutes), 6_000n) * 100n;
        },
      ),
      { numRuns: 200 },
    );
  });

  it('prices original × duration discount × VIP discount rounded once, half-up, to the fen', () => {
    expect(applyRatesToFen(money(547_200n), 9_500, 9_000)).toBe(467_900n);
    // 0.05 × 50 % × 50 % = 0.0125 is 0.01; rounding to the fen after each rate would make it 0.03, then 0.02.
    expect(applyRatesToFen(money(500n), 5_000, 5_000)).toBe(100n);
    expect(applyRatesToFen(money(12_345n))).toBe(12_300n);
    fc.assert(
      fc.property(units, fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (amount, a, b) => {
        const price = applyRatesToFen(amount, a, b);
        const exact = amount * BigInt(a) * BigInt(b);
        const error = price * 100_000_000n - exact;
        return price % 100n === 0n && error <= 50n * 100_000_000n && error >= -50n * 100_000_000n;
      }),
      { numRuns: 200 },
    );
  });
});
