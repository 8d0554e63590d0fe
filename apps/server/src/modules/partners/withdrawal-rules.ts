import { applyRatesToFen, money, type Money } from '@suanli/contract';
import { startOfLocalDay, wallClock } from '../../jobs/business-time.js';
import type { InvoiceKind } from './partners.tables.js';

const YUAN = 10_000n;

/** Spec §9 "KOL withdrawals" (decision 0031). */
export const WITHDRAWAL_RULES = {
  /** Each withdrawal is at least this much. */
  minimum: money(50n * YUAN),
  /** Nothing can be withdrawn until the withdrawable amount reaches this. */
  threshold: money(100n * YUAN),
  /** The fee per kind of VAT invoice the payee gives, in basis points. */
  feeBasisPoints: { vatGeneral: 600, vatSpecial: 0 } satisfies Record<InvoiceKind, number>,
  /** Last month's earnings are reviewed on the 1st to the 7th; they are withdrawable from the 8th. */
  firstWithdrawableDay: 8,
} as const;

/** The fee of a withdrawal, rounded half-up to the fen. */
export const feeOf = (amount: Money, invoice: InvoiceKind) =>
  applyRatesToFen(amount, WITHDRAWAL_RULES.feeBasisPoints[invoice]);

const pad = (value: number) => String(value).padStart(2, '0');

/** The business month (`YYYY-MM`) an instant falls in. */
export function monthOf(date: Date, timeZone: string): string {
  const wall = wallClock(date, timeZone);
  return `${wall.year}-${pad(wall.month)}`;
}

/** The month `offset` months after `month` (`YYYY-MM`). */
function shiftMonth(month: string, offset: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + offset;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** The instants a business month spans: from its first moment, until the next month's. */
export function monthRange(month: string, timeZone: string) {
  return {
    from: startOfLocalDay(`${month}-01`, timeZone),
    until: startOfLocalDay(`${shiftMonth(month, 1)}-01`, timeZone),
  };
}

/**
 * Income credited before this instant has been reviewed and is withdrawable: from the 8th of a month, everything
 * before that month; on the 1st to the 7th, everything before last month (last month's is under review).
 */
export function reviewedBefore(now: Date, timeZone: string): Date {
  const month = monthOf(now, timeZone);
  const reviewing = wallClock(now, timeZone).day < WITHDRAWAL_RULES.firstWithdrawableDay;
  return monthRange(reviewing ? shiftMonth(month, -1) : month, timeZone).from;
}

/** What of the earnings may be withdrawn: what they hold less the income still in review, never below zero. */
export const withdrawableOf = (earnings: Money, inReview: Money) =>
  money(earnings > inReview ? earnings - inReview : 0n);
