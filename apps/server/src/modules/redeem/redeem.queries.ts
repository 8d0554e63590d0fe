import type { Money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { queryRows } from '../../db/sql.js';
import { redeemBatches, redeemCodes } from './redeem.tables.js';

export async function insertBatch(
  db: Db,
  batch: { name: string; amount: Money; expiresAt: Date | null; createdBy: UserId; at: Date; codes: string[] },
): Promise<bigint> {
  const [row] = await db
    .insert(redeemBatches)
    .values({
      name: batch.name,
      amount: batch.amount,
      expiresAt: batch.expiresAt,
      createdBy: batch.createdBy,
      createdAt: batch.at,
    })
    .returning({ id: redeemBatches.id });
  await db.insert(redeemCodes).values(batch.codes.map((code) => ({ code, batchId: row!.id })));
  return row!.id;
}

/**
 * Marks a code redeemed by the user and answers its amount; null when there is no such code, it was redeemed before
 * or its batch has ended. One statement: of two redeemers racing for a code, the second finds it taken.
 */
export async function takeCode(db: Db, { code, userId, at }: { code: string; userId: UserId; at: Date }) {
  const [row] = await queryRows<{ amount: bigint | string }>(
    db,
    sql`UPDATE redeem_codes AS c SET redeemed_by = ${userId}, redeemed_at = ${at}
        FROM redeem_batches AS b
        WHERE c.code = ${code} AND c.redeemed_at IS NULL AND b.id = c.batch_id
          AND (b.expires_at IS NULL OR b.expires_at > ${at})
        RETURNING b.amount`,
  );
  return row ? BigInt(row.amount) : null;
}
