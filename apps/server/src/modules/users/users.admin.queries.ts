import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { userRoles, users } from './users.tables.js';

export interface AccountFilter {
  q?: string | undefined;
  role?: string | undefined;
  state?: 'active' | 'locked' | undefined;
}

const escaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** An id or a phone (whole or its beginning), an e-mail (likewise, in lower case), or a part of the nickname. */
function matching({ q, role, state }: AccountFilter): SQL | undefined {
  const text = q?.trim();
  return and(
    text
      ? or(
          /^\d{1,18}$/.test(text) ? eq(users.id, BigInt(text) as UserId) : undefined,
          sql`${users.phone} LIKE ${`${escaped(text)}%`}`,
          sql`${users.email} LIKE ${`${escaped(text.toLowerCase())}%`}`,
          ilike(users.nickName, `%${escaped(text)}%`),
        )
      : undefined,
    role
      ? sql`EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id} AND ${userRoles.roleKey} = ${role})`
      : undefined,
    state === 'locked' ? isNotNull(users.lockedAt) : state === 'active' ? isNull(users.lockedAt) : undefined,
  );
}

const accountColumns = {
  id: users.id,
  nickName: users.nickName,
  phone: users.phone,
  email: users.email,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  realNameVerifiedAt: users.realNameVerifiedAt,
  vipGrade: users.vipGrade,
  wechatBound: sql<boolean>`${users.wechatOpenId} IS NOT NULL`,
  lockedAt: users.lockedAt,
  lockedReason: users.lockedReason,
  // Qualified by hand: drizzle leaves a one-table select's columns unqualified.
  roleKeys: sql<string[]>`ARRAY(
    SELECT ur.role_key FROM user_roles ur WHERE ur.user_id = users.id ORDER BY ur.granted_at, ur.role_key)`,
};

export type AccountRow = Awaited<ReturnType<typeof findAccount>> & {};

/** Any user's accounts matching the desk's filter, newest first. */
export function accountPage(db: Db, filter: AccountFilter) {
  const where = matching(filter);
  return {
    rows: ({ limit, offset }: PageWindow) =>
      db.select(accountColumns).from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset),
    total: () => db.$count(users, where),
  };
}

export async function findAccount(db: Db, userId: UserId) {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Locks the account, compare-and-set on its unlocked state: false when it was locked already (or does not exist). */
export async function lockAccount(tx: Tx, userId: UserId, lock: { at: Date; reason: string }) {
  const locked = await tx
    .update(users)
    .set({ lockedAt: lock.at, lockedReason: lock.reason })
    .where(and(eq(users.id, userId), isNull(users.lockedAt)))
    .returning({ id: users.id });
  return locked.length === 1;
}

/** Unlocks the account, compare-and-set on its locked state: false when it was not locked. */
export async function unlockAccount(tx: Tx, userId: UserId) {
  const unlocked = await tx
    .update(users)
    .set({ lockedAt: null, lockedReason: null })
    .where(and(eq(users.id, userId), isNotNull(users.lockedAt)))
    .returning({ id: users.id });
  return unlocked.length === 1;
}

/** Grants a role: false when the account holds it already. */
export async function insertRole(tx: Tx, userId: UserId, role: string) {
  const inserted = await tx
    .insert(userRoles)
    .values({ userId, roleKey: role })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return inserted.length === 1;
}

/** Revokes a role: false when the account did not hold it. */
export async function deleteRole(tx: Tx, userId: UserId, role: string) {
  const deleted = await tx
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleKey, role)))
    .returning({ userId: userRoles.userId });
  return deleted.length === 1;
}

export async function roleKeysOf(db: Db, userId: UserId) {
  const rows = await db
    .select({ roleKey: userRoles.roleKey })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(userRoles.grantedAt, userRoles.roleKey);
  return rows.map((row) => row.roleKey);
}

/** Accounts registered and real-name verified in [from, until), and in all: the operators' dashboard. */
export async function accountCounts(db: Db, { from, until }: { from: Date; until: Date }) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      newToday: sql<number>`(count(*) FILTER (WHERE ${users.createdAt} >= ${from} AND ${users.createdAt} < ${until}))::int`,
      verifiedTotal: sql<number>`count(${users.realNameVerifiedAt})::int`,
      verifiedToday: sql<number>`(count(*) FILTER (
        WHERE ${users.realNameVerifiedAt} >= ${from} AND ${users.realNameVerifiedAt} < ${until}))::int`,
    })
    .from(users);
  return row!;
}
