import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { PageWindow } from '../../db/paging.js';
import { redeemBatches, redeemCodes } from './redeem.tables.js';

/** A page of batches, newest first, each with how many codes it has and how many were redeemed. */
export function batchPage(db: Db) {
  return {
    rows: (window: PageWindow) =>
      db
        .select({
          id: redeemBatches.id,
          name: redeemBatches.name,
          amount: redeemBatches.amount,
          expiresAt: redeemBatches.expiresAt,
          createdBy: redeemBatches.createdBy,
          createdAt: redeemBatches.createdAt,
          count: sql<number>`(SELECT count(*) FROM redeem_codes c WHERE c.batch_id = redeem_batches.id)::int`,
          used: sql<number>`(SELECT count(*) FROM redeem_codes c
                             WHERE c.batch_id = redeem_batches.id AND c.redeemed_at IS NOT NULL)::int`,
        })
        .from(redeemBatches)
        .orderBy(desc(redeemBatches.id))
        .limit(window.limit)
        .offset(window.offset),
    total: () => db.$count(redeemBatches),
  };
}

export async function findBatch(db: Db, id: bigint) {
  const [row] = await db.select().from(redeemBatches).where(eq(redeemBatches.id, id));
  return row ?? null;
}

export function codesOf(db: Db, batchId: bigint) {
  return db
    .select({ code: redeemCodes.code, redeemedAt: redeemCodes.redeemedAt })
    .from(redeemCodes)
    .where(eq(redeemCodes.batchId, batchId))
    .orderBy(asc(redeemCodes.id));
}
