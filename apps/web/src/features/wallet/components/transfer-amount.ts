import { formatMoney, LIMITS, parseMoney } from '@suanli/contract';

export type TransferAmountProblem = 'validation.transferAmount' | 'wallet.insufficientBalance';

/**
 * What stops a typed amount from being sent, as a key of the contract's catalogue, or null. The server's own rules
 * (its transferAmountSchema, then the balance) applied before asking it, so the user reads the same words either way.
 */
export function transferAmountProblem(text: string, balance: string | undefined): TransferAmountProblem | null {
  const units = parseMoney(text, 2);
  if (units === null || units < LIMITS.transferMinUnits || units > LIMITS.transferMaxUnits) {
    return 'validation.transferAmount';
  }
  const available = balance === undefined ? null : parseMoney(balance);
  return available !== null && units > available ? 'wallet.insufficientBalance' : null;
}

/** A valid amount as the server answers money ('5' → '5.00'), so that a retry of the same amount is known as one. */
export function normalizeAmount(text: string): string {
  const units = parseMoney(text, 2);
  return units === null ? text.trim() : formatMoney(units);
}
