/**
 * What a rate in basis points reads as (issue 19 §3): 8500 is "8.5 折" in Chinese and "15 % off" in English, the
 * two ways a reader of each language cannot take for the other. `rate` and `off` fill the `discount` key of the common
 * catalogue; a rate is never money, so a number holds it.
 */
export function discountParams(basisPoints: number): { rate: number; off: number } {
  return { rate: basisPoints / 1_000, off: (10_000 - basisPoints) / 100 };
}
