import { formatMoney } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import { endOfLocalDay, localDay, startOfLocalDay } from '../../jobs/business-time.js';
import type { Clock } from '../../jobs/clock.js';
import { chartRange } from './income-expense-periods.js';
import { revenueByProductAndDay } from './wallet.admin.queries.js';

/** What finance operators read of the ledger (`/api/admin/finance/…`, decision 0021). */
export function walletAdminService({ db, clock, timeZone }: { db: Db; clock: Clock; timeZone: string }) {
  return {
    /** Revenue by product and business day over a range of days (the last 30 unless given). */
    async revenue(query: { startDate?: string | undefined; endDate?: string | undefined }) {
      const range = chartRange({ ...query, granularity: 'day' }, localDay(clock.now(), timeZone));
      const rows = await revenueByProductAndDay(db, {
        from: startOfLocalDay(range.startDate, timeZone),
        until: endOfLocalDay(range.endDate, timeZone),
        timeZone,
      });
      return { ...range, rows: rows.map((row) => ({ ...row, amount: formatMoney(row.amount) })) };
    },
  };
}

export type WalletAdminService = ReturnType<typeof walletAdminService>;
