import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { lockRows } from '../../db/locks.js';
import type { PageWindow } from '../../db/paging.js';
import { workspaceTransfers as transfers, type TransferFailure, type TransferRow } from './transfers.tables.js';

export async function insertTransfer(tx: Tx, row: typeof transfers.$inferInsert) {
  const [inserted] = await tx.insert(transfers).values(row).returning();
  return inserted!;
}

const ofOwner = (userId: UserId, applicationId: bigint | undefined) =>
  and(
    eq(transfers.userId, userId),
    applicationId === undefined ? undefined : eq(transfers.applicationId, applicationId),
  );

export function listOwnTransfers(
  db: Db,
  { userId, applicationId, page }: { userId: UserId; applicationId?: bigint | undefined; page: PageWindow },
) {
  return db
    .select()
    .from(transfers)
    .where(ofOwner(userId, applicationId))
    .orderBy(desc(transfers.id))
    .limit(page.limit)
    .offset(page.offset);
}

export const countOwnTransfers = (db: Db, userId: UserId, applicationId: bigint | undefined) =>
  db.$count(transfers, ofOwner(userId, applicationId));

export async function findOwnTransfer(db: Db, userId: UserId, transferId: bigint) {
  const [row] = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.id, transferId), eq(transfers.userId, userId)));
  return row ?? null;
}

/** Copies waiting for a worker: queued, or copying under a lease that ran out (their worker is gone). */
const due = (now: Date) =>
  or(eq(transfers.state, 'queued'), and(eq(transfers.state, 'copying'), lt(transfers.leaseUntil, now)));

/**
 * Takes the oldest copy due, skipping any another worker is taking at this moment, and holds it under a lease:
 * `attempts` numbers the hold, so a worker that lost its lease can no longer write (see `whileHeld`).
 */
export async function claimDueTransfer(tx: Tx, now: Date, leaseUntil: Date): Promise<TransferRow | null> {
  const [row] = await lockRows(tx, transfers, { where: due(now), limit: 1, mode: 'skip-locked' });
  if (!row) {
    return null;
  }
  const [claimed] = await tx
    .update(transfers)
    .set({
      state: 'copying',
      leaseUntil,
      attempts: sql`${transfers.attempts} + 1`,
      startedAt: row.startedAt ?? now,
      bytesDone: 0,
    })
    .where(eq(transfers.id, row.id))
    .returning();
  return claimed!;
}

/** Only the worker of this hold writes: one that lost its lease to another does nothing. */
const whileHeld = (row: Pick<TransferRow, 'id' | 'attempts'>) =>
  and(eq(transfers.id, row.id), eq(transfers.state, 'copying'), eq(transfers.attempts, row.attempts));

export async function recordProgress(
  db: Db,
  row: TransferRow,
  { bytesDone, leaseUntil }: { bytesDone: number; leaseUntil: Date },
) {
  await db.update(transfers).set({ bytesDone, leaseUntil }).where(whileHeld(row));
}

export async function finishTransfer(
  db: Db,
  row: TransferRow,
  outcome: { at: Date; failure?: TransferFailure | undefined },
) {
  await db
    .update(transfers)
    .set(
      outcome.failure
        ? { state: 'failed', failure: outcome.failure, leaseUntil: null, finishedAt: outcome.at }
        : { state: 'done', bytesDone: row.bytesTotal, leaseUntil: null, finishedAt: outcome.at },
    )
    .where(whileHeld(row));
}

export async function hasDueTransfers(db: Db, now: Date) {
  const rows = await db.select({ id: transfers.id }).from(transfers).where(due(now)).limit(1);
  return rows.length > 0;
}
