import { formatMoney, type PageQuery } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import { paged } from '../../db/paging.js';
import { AppError } from '../../http/app-error.js';
import { localDay } from '../../jobs/business-time.js';
import { batchPage, codesOf, findBatch } from './redeem.admin.queries.js';

const DAY_MS = 24 * 60 * 60_000;

/** The last business day a batch's codes may be redeemed: its end is the start of the day after (redeem.service). */
const lastDayOf = (expiresAt: Date | null, timeZone: string) =>
  expiresAt ? localDay(new Date(expiresAt.getTime() - DAY_MS), timeZone) : null;

/** What the finance desk reads of redeem codes: the batches, and one batch's codes for its CSV. */
export function redeemAdminService({ db, timeZone }: { db: Db; timeZone: string }) {
  return {
    async listBatches(page: PageQuery) {
      const { rows, total } = await paged(page, batchPage(db));
      return {
        total,
        rows: rows.map((row) => ({
          batchId: String(row.id),
          name: row.name,
          amount: formatMoney(row.amount),
          count: Number(row.count),
          used: Number(row.used),
          lastDay: lastDayOf(row.expiresAt, timeZone),
          createdBy: row.createdBy === null ? null : String(row.createdBy),
          createTime: row.createdAt.toISOString(),
        })),
      };
    },

    async batchCodes(batchIdText: string) {
      const batch = await findBatch(db, BigInt(batchIdText));
      if (!batch) {
        throw new AppError('notFound', { messageKey: 'wallet.redeemBatchNotFound', field: 'batchId' });
      }
      const codes = await codesOf(db, batch.id);
      return {
        name: batch.name,
        amount: formatMoney(batch.amount),
        lastDay: lastDayOf(batch.expiresAt, timeZone),
        codes: codes.map((row) => ({ code: row.code, redeemedAt: row.redeemedAt?.toISOString() ?? null })),
      };
    },
  };
}

export type RedeemAdminService = ReturnType<typeof redeemAdminService>;
