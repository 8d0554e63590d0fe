/**
 * Money in integer units of 0.0001 yuan (ARCHITECTURE §3). No float ever holds money: amounts enter as decimal
 * text, are computed as bigint, and leave as strings rounded half-up once, where the spec shows two decimals.
 */
export const UNITS_PER_YUAN = 10_000n;

declare const moneyBrand: unique symbol;
/**
 * An amount of money in units of 0.0001 yuan. Branded so that a count, an id or a rate cannot be passed where an amount
 * is expected: amounts come from `parseMoney`, from the helpers below, from a column typed `.$type<Money>()`, or from `money(…)`.
 */
export type Money = bigint & { readonly [moneyBrand]: 'money' };

/** An amount from units the code itself knows to be money: a literal (`money(10_000n)` is 1 yuan) or a sum. */
export const money = (units: bigint): Money => units as Money;

const DECIMAL_TEXT = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** Parses decimal text (or a number, through its decimal text) into units; null when it is not an exact amount. */
export function parseMoney(input: string | number, maxDecimals = 4): Money | null {
  if (typeof input === 'number' && !Number.isFinite(input)) {
    return null;
  }
  const text = String(input).trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) {
    return null;
  }
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > maxDecimals || whole.length > 15) {
    return null;
  }
  const units = BigInt(whole) * UNITS_PER_YUAN + BigInt(fraction.padEnd(4, '0'));
  return money(sign === '-' ? -units : units);
}

/** Divides and rounds half away from zero, so that -1.005 and 1.005 round to the same magnitude. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) {
    throw new RangeError('denominator must be positive');
  }
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

/** Rounds units to whole cents (0.01 yuan), half-up. */
export function roundToCents(units: Money): Money {
  return money(divideHalfUp(units, 100n) * 100n);
}

/** Formats units as yuan text with 2 decimals (balances, bills; rounded half-up) or 4 (unit prices; exact). */
export function formatMoney(units: Money, decimals: 2 | 4 = 2): string {
  const value = decimals === 2 ? divideHalfUp(units, 100n) : units;
  const scale = decimals === 2 ? 100n : UNITS_PER_YUAN;
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const whole = magnitude / scale;
  const fraction = (magnitude % scale).toString().padStart(decimals, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Applies a rate in basis points (9800 = 98 %) to an amount, rounding half-up to a unit. */
export function applyRate(units: Money, basisPoints: number): Money {
  return money(divideHalfUp(units * BigInt(basisPoints), 10_000n));
}

/** One fen (0.01 yuan) in units: every posting, price, quote and bill line is a whole number of fen. */
export const UNITS_PER_FEN = 100n;

export const isWholeFen = (units: bigint) => units % UNITS_PER_FEN === 0n;

/**
 * Applies rates in basis points (9500 = 95 %) to an amount and rounds once, half-up, to the fen: a price is original ×
 * duration discount × VIP discount (spec §9), and rounding each factor on its own would let a quote drift from the debit.
 */
export function applyRatesToFen(units: Money, ...basisPoints: number[]): Money {
  const product = basisPoints.reduce((amount, rate) => amount * BigInt(rate), units as bigint);
  const scale = basisPoints.reduce((total) => total * 10_000n, UNITS_PER_FEN);
  return money(divideHalfUp(product, scale) * UNITS_PER_FEN);
}

/**
 * What `quantity` whole units cost in all at `price` for every `per` of them (an hourly price is per 60 minutes, a
 * price per GB-day per 1), rounded once, half-up, to the fen (ARCHITECTURE §4). Billing usage piece by piece charges
 * the difference of two such totals, so each line is whole fen, the remainder carries, and N units cost exactly
 * round(price × N / per).
 */
export function costInFen(price: Money, per: number, quantity: number): Money {
  return money(divideHalfUp(price * BigInt(quantity), BigInt(per) * UNITS_PER_FEN) * UNITS_PER_FEN);
}

/** What `minutes` whole minutes cost in all at `hourly` an hour, rounded once to the fen (`costInFen`). */
export const minutesCostInFen = (hourly: Money, minutes: number): Money => costInFen(hourly, 60, minutes);
