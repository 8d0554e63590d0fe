import type { Money } from '@suanli/contract';
import { and, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { queryRows } from '../../db/sql.js';
import { inviteRewards, invites, type Milestone } from './invites.tables.js';

/** Records that `inviteeId` registered with `inviterId`'s code; handling the registration again changes nothing. */
export async function insertInvite(tx: Tx, invite: { inviteeId: UserId; inviterId: UserId; registeredAt: Date }) {
  await tx.insert(invites).values(invite).onConflictDoNothing();
}

export async function findInviterOf(tx: Tx, inviteeId: UserId): Promise<UserId | null> {
  const [row] = await tx.select({ inviterId: invites.inviterId }).from(invites).where(eq(invites.inviteeId, inviteeId));
  return row?.inviterId ?? null;
}

export interface Progress {
  inviteeId: UserId;
  inviterId: UserId;
  /** The friend's running total after the addition. */
  total: Money;
}

/**
 * Adds to the running totals of the friends among `amounts` (other users match no row), in one statement, and
 * answers their new totals. `column` is which total: recharged or consumed.
 */
export async function addToTotals(
  tx: Tx,
  column: 'recharged_units' | 'consumed_units',
  amounts: readonly { userId: string; units: string }[],
): Promise<Progress[]> {
  const target = sql.identifier(column);
  const rows = await queryRows<{ invitee_id: string; inviter_id: string; total: string }>(
    tx,
    sql`UPDATE invites i SET ${target} = i.${target} + added.units
        FROM (SELECT (value->>'userId')::bigint AS user_id, sum((value->>'units')::bigint) AS units
              FROM jsonb_array_elements(${JSON.stringify(amounts)}::jsonb) GROUP BY 1) AS added
        WHERE i.invitee_id = added.user_id
        RETURNING i.invitee_id::text, i.inviter_id::text, i.${target}::text AS total`,
  );
  return rows.map((row) => ({
    inviteeId: BigInt(row.invitee_id) as UserId,
    inviterId: BigInt(row.inviter_id) as UserId,
    total: BigInt(row.total) as Money,
  }));
}

export interface NewReward {
  inviteeId: UserId;
  inviterId: UserId;
  milestone: Milestone;
  amountUnits: Money;
  reachedAt: Date;
  dueAt: Date;
}

/** A milestone's reward, once per friend and milestone (the unique index): reaching it again changes nothing. */
export async function insertReward(tx: Tx, reward: NewReward) {
  await tx.insert(inviteRewards).values(reward).onConflictDoNothing();
}

/** The rewards the grant job takes at `now`: pending and due. */
export const dueRewards = (now: Date): SQL => and(eq(inviteRewards.status, 'pending'), lte(inviteRewards.dueAt, now))!;

export async function postpone(tx: Tx, rewardId: bigint, until: Date) {
  await tx
    .update(inviteRewards)
    .set({ dueAt: until, awaitingVerification: true })
    .where(and(eq(inviteRewards.id, rewardId), eq(inviteRewards.status, 'pending')));
}

export async function markGranted(tx: Tx, rewardId: bigint, granted: { at: Date; voucherId: bigint }) {
  await tx
    .update(inviteRewards)
    .set({ status: 'granted', grantedAt: granted.at, voucherId: granted.voucherId, awaitingVerification: false })
    .where(and(eq(inviteRewards.id, rewardId), eq(inviteRewards.status, 'pending')));
}

/** The caller's invited friends, newest first, with what their rewards came to so far. */
export async function invitedRows(db: Db, { userId, page }: { userId: UserId; page: PageWindow }) {
  const rewards = sql`FROM invite_rewards r WHERE r.invitee_id = ${invites.inviteeId} AND r.status = 'granted'`;
  return db
    .select({
      inviteeId: invites.inviteeId,
      registeredAt: invites.registeredAt,
      amount: sql<string>`(SELECT coalesce(sum(r.amount_units), 0) ${rewards})::text`,
      // ISO 8601 in UTC, as every time leaves the server.
      rewardedAt: sql<string | null>`(SELECT to_char(max(r.granted_at) AT TIME ZONE 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ${rewards})`,
      awaitingVerification: sql<boolean>`EXISTS (SELECT 1 FROM invite_rewards w
        WHERE w.invitee_id = ${invites.inviteeId} AND w.awaiting_verification)`,
    })
    .from(invites)
    .where(eq(invites.inviterId, userId))
    .orderBy(desc(invites.registeredAt), desc(invites.inviteeId))
    .limit(page.limit)
    .offset(page.offset);
}

export const countInvited = (db: Db, userId: UserId) => db.$count(invites, eq(invites.inviterId, userId));

export async function grantedTotal(db: Db, userId: UserId): Promise<Money> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${inviteRewards.amountUnits}), 0)::text` })
    .from(inviteRewards)
    .where(and(eq(inviteRewards.inviterId, userId), eq(inviteRewards.status, 'granted')));
  return BigInt(row?.total ?? '0') as Money;
}
