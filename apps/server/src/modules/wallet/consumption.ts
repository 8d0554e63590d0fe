import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { idSet, queryRows } from '../../db/sql.js';
import { recordEvent } from '../../events/index.js';
import type { JobDefinition } from '../../jobs/job-definition.js';

/** Users per 'consumption.posted' event. */
const USERS_PER_EVENT = 1_000;

/**
 * Publishes what balance accounts paid for charges since the last time, as 'consumption.posted' events of up to a
 * thousand users each, resetting each account's count in the same transaction, so that every unit is published once.
 * Accounts a charge holds at that moment are skipped (SKIP LOCKED: never a wait, so never a deadlock with the order
 * charges and transfers lock accounts in) and published at the next run. Answers how many users it published.
 */
export async function publishConsumption(tx: Tx, now: Date): Promise<number> {
  let published = 0;
  for (;;) {
    const rows = await queryRows<{ id: string; user_id: string; units: string }>(
      tx,
      sql`SELECT id::text, user_id::text, unpublished_consumption::text AS units FROM ledger_accounts
          WHERE kind = 'balance' AND unpublished_consumption > 0
          ORDER BY user_id LIMIT ${USERS_PER_EVENT} FOR UPDATE SKIP LOCKED`,
    );
    if (rows.length === 0) {
      return published;
    }
    await tx.execute(
      sql`UPDATE ledger_accounts SET unpublished_consumption = 0 WHERE id IN ${idSet(rows.map((row) => BigInt(row.id)))}`,
    );
    await recordEvent(tx, {
      type: 'consumption.posted',
      subject: `consumption:${rows[0]!.user_id}`,
      payload: { consumptions: rows.map((row) => ({ userId: row.user_id, units: row.units })) },
      at: now,
    });
    published += rows.length;
    if (rows.length < USERS_PER_EVENT) {
      return published;
    }
  }
}

/** Every minute: VIP growth counts what was spent within the minute or two before. */
export const publishConsumptionJob: JobDefinition = {
  name: 'wallet.publish-consumption',
  cadence: 'minute',
  // Each run publishes everything counted by then, so a missed minute needs no run of its own.
  catchUp: 1,
  run: async (tx, { now }) => {
    await publishConsumption(tx, now);
  },
};
