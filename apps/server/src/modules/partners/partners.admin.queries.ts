import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { partners, withdrawals, type WithdrawalStatus } from './partners.tables.js';

/** Every partner, or the qualified (active) or revoked ones, latest joined first, with the users each invited. */
export function partnerPage(db: Db, status: 'active' | 'revoked' | undefined) {
  const where =
    status === undefined ? undefined : status === 'active' ? isNull(partners.revokedAt) : isNotNull(partners.revokedAt);
  return {
    rows: ({ limit, offset }: PageWindow) =>
      db
        .select({
          partner: partners,
          // Written out: drizzle leaves the columns of a one-table select unqualified, and user_id is in both tables.
          invitees: sql<number>`(SELECT count(*)::int FROM kol_invitees WHERE kol_invitees.kol_id = partners.user_id)`,
        })
        .from(partners)
        .where(where)
        .orderBy(desc(partners.agreedAt), desc(partners.userId))
        .limit(limit)
        .offset(offset),
    total: () => db.$count(partners, where),
  };
}

export async function lockAnyPartner(tx: Tx, partnerId: UserId) {
  const [row] = await tx.select().from(partners).where(eq(partners.userId, partnerId)).for('update');
  return row ?? null;
}

export async function setRevoked(tx: Tx, partnerId: UserId, revoked: { at: Date; reason: string } | null) {
  await tx
    .update(partners)
    .set({ revokedAt: revoked?.at ?? null, revokedReason: revoked?.reason ?? null })
    .where(eq(partners.userId, partnerId));
}

/** A page of withdrawals in one status, oldest first (the operators' queue). */
export function withdrawalPage(db: Db, status: WithdrawalStatus) {
  const where = eq(withdrawals.status, status);
  return {
    rows: (window: PageWindow) =>
      db.select().from(withdrawals).where(where).orderBy(asc(withdrawals.id)).limit(window.limit).offset(window.offset),
    total: () => db.$count(withdrawals, where),
  };
}

export async function lockWithdrawal(tx: Tx, id: bigint) {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row ?? null;
}

/** Decides a submitted withdrawal, compare-and-set on its status: answers false when it was decided already. */
export async function decideWithdrawal(
  tx: Tx,
  id: bigint,
  decision: { status: 'completed' | 'rejected'; at: Date; note: string | null },
) {
  const decided = await tx
    .update(withdrawals)
    .set({ status: decision.status, decidedAt: decision.at, rejectNote: decision.note })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'submitted')))
    .returning({ id: withdrawals.id });
  return decided.length === 1;
}
