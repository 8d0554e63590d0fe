import { formatMoney, money } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import { endOfLocalDay, localDay, startOfLocalDay } from '../../jobs/business-time.js';
import type { Clock } from '../../jobs/clock.js';
import { chartRange } from './income-expense-periods.js';
import { findLedgerMismatches, ledgerSize, type LedgerFinding } from './ledger-check.queries.js';
import { rechargedBetween, revenueByProductAndDay, userAccountTotals } from './wallet.admin.queries.js';

// To the unit: a ledger that is off by less than a fen is off all the same.
const yuan = (units: bigint) => formatMoney(money(units), 4);

/** A finding of the ledger check as the finance desk shows it: what the account holds, what it should. */
function findingRow(finding: LedgerFinding) {
  const none = { userId: null, accountId: null, accountKind: null, transferId: null, brokenEntries: 0 };
  switch (finding.kind) {
    case 'account':
      return {
        ...none,
        kind: finding.kind,
        userId: String(finding.userId),
        accountId: String(finding.accountId),
        accountKind: finding.accountKind,
        balance: yuan(finding.balance),
        expected: yuan(finding.entriesSum),
        brokenEntries: finding.brokenEntries,
      };
    case 'transfer':
      return {
        ...none,
        kind: finding.kind,
        transferId: String(finding.transferId),
        balance: yuan(finding.sum),
        expected: yuan(0n),
      };
    case 'negative':
      return {
        ...none,
        kind: finding.kind,
        userId: String(finding.userId),
        accountId: String(finding.accountId),
        accountKind: finding.accountKind,
        balance: yuan(finding.balance),
        expected: yuan(0n),
      };
    case 'vouchers':
      return {
        ...none,
        kind: finding.kind,
        userId: String(finding.userId),
        accountKind: 'vouchers',
        balance: yuan(finding.balance),
        expected: yuan(finding.vouchersHold),
      };
  }
}

/** What finance operators read of the ledger (`/api/admin/finance/…`, decision 0021). */
export function walletAdminService({ db, clock, timeZone }: { db: Db; clock: Clock; timeZone: string }) {
  /** Revenue by product and business day over a range of days (the last 30 unless given). */
  async function revenue(query: { startDate?: string | undefined; endDate?: string | undefined }) {
    const range = chartRange({ ...query, granularity: 'day' }, localDay(clock.now(), timeZone));
    const rows = await revenueByProductAndDay(db, {
      from: startOfLocalDay(range.startDate, timeZone),
      until: endOfLocalDay(range.endDate, timeZone),
      timeZone,
    });
    return { ...range, rows: rows.map((row) => ({ ...row, amount: formatMoney(row.amount) })) };
  }

  return {
    revenue,

    /** What `npm run ledger:check` finds wrong (a full scan of the ledger): for the metrics, which cache it. */
    ledgerFindings: async () => (await findLedgerMismatches(db)).length,

    /** The money part of the operators' dashboard: recharged today and this business month, owed, and revenue. */
    async dashboard() {
      const day = localDay(clock.now(), timeZone);
      const month = day.slice(0, 7);
      const until = endOfLocalDay(day, timeZone);
      const [today, thisMonth, totals, last30Days] = await Promise.all([
        rechargedBetween(db, { from: startOfLocalDay(day, timeZone), until }),
        rechargedBetween(db, { from: startOfLocalDay(`${month}-01`, timeZone), until }),
        userAccountTotals(db),
        revenue({}),
      ]);
      return {
        day,
        month,
        rechargedToday: formatMoney(today),
        rechargedThisMonth: formatMoney(thisMonth),
        owedToUsers: formatMoney(totals.balance),
        vouchersOutstanding: formatMoney(totals.vouchers),
        revenue: last30Days,
      };
    },

    /** The ledger check (`npm run ledger:check`, the same queries) run now: no findings, a whole ledger. */
    async ledgerCheck() {
      const [findings, size] = [await findLedgerMismatches(db), await ledgerSize(db)];
      return { ...size, findings: findings.map(findingRow) };
    },
  };
}

export type WalletAdminService = ReturnType<typeof walletAdminService>;
