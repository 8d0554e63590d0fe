import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { userRoles, users } from './users.tables.js';

// The columns of the account row that other modules work with (credentials, WeChat binding, real-name state). They
// reach them only through the users service, which hands out these functions.

/** Finds a user by phone or e-mail (case-insensitive), the way every login form names an account. */
export async function findUserByAccount(db: Db, account: string) {
  const normalized = account.trim().toLowerCase();
  const [row] = await db
    .select({
      id: users.id,
      nickName: users.nickName,
      passwordHash: users.passwordHash,
      phone: users.phone,
      email: users.email,
    })
    .from(users)
    .where(sql`${users.phone} = ${normalized} OR ${users.email} = ${normalized}`);
  return row ?? null;
}

export async function findUserIdByInvitationCode(db: Db, invitationCode: string): Promise<UserId | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.invitationCode, invitationCode.toUpperCase()));
  return row?.id ?? null;
}

/** The user's own invitation code, which others register with (spec §7 getInvitationCode, a KOL's promotion link). */
export async function findInvitationCode(db: Db, userId: UserId): Promise<string | null> {
  const [row] = await db.select({ code: users.invitationCode }).from(users).where(eq(users.id, userId));
  return row?.code ?? null;
}

/** The nicknames of the given users, by id: what a list of other users (a user's invited friends) shows of them. */
export async function findNickNames(db: Db, userIds: readonly UserId[]): Promise<Map<UserId, string>> {
  if (userIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: users.id, nickName: users.nickName })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, row.nickName]));
}

/** Whether operators have locked the account (decision 0036): nothing it holds opens the platform to anyone. */
export async function isLocked(db: Db, userId: UserId): Promise<boolean> {
  const [row] = await db.select({ lockedAt: users.lockedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.lockedAt);
}

/** Records a login, unless the account is locked (decision 0036): answers whether it may sign in. */
export async function recordLogin(tx: Db, userId: UserId, at: Date): Promise<boolean> {
  const recorded = await tx
    .update(users)
    .set({ lastLoginAt: at })
    .where(and(eq(users.id, userId), isNull(users.lockedAt)))
    .returning({ id: users.id });
  return recorded.length === 1;
}

/** When the user last logged in, or registered if never since: where the cloud space's three months count from. */
export async function findLastActiveAt(db: Db, userId: UserId): Promise<Date | null> {
  const [row] = await db
    .select({ lastLoginAt: users.lastLoginAt, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ? (row.lastLoginAt ?? row.createdAt) : null;
}

export async function readPasswordHash(db: Db, userId: UserId): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

export async function setPasswordHash(tx: Tx, userId: UserId, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The user's current phone, or null when none is bound (a WeChat or e-mail account). */
export async function readPhone(db: Db, userId: UserId): Promise<string | null> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return row?.phone ?? null;
}

export async function setPhone(tx: Tx, userId: UserId, phone: string) {
  await tx.update(users).set({ phone }).where(eq(users.id, userId));
}

/** The user's current e-mail (lower case), or null when none is bound (a phone or WeChat account). */
export async function readEmail(db: Db, userId: UserId): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

export async function setEmail(tx: Tx, userId: UserId, email: string) {
  await tx.update(users).set({ email: email.toLowerCase() }).where(eq(users.id, userId));
}

export async function findUserIdByOpenId(db: Db, openId: string): Promise<UserId | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, openId));
  return row?.id ?? null;
}

const wechatColumns = {
  openId: users.wechatOpenId,
  nickName: users.wechatNickName,
  boundAt: users.wechatBoundAt,
  phone: users.phone,
  email: users.email,
};

/** The user's WeChat binding and the other ways they can log in. */
export async function findUserWechat(db: Db, userId: UserId) {
  const [row] = await db.select(wechatColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The same, with the row locked until the transaction ends, so two bindings of one user take turns. */
export async function lockUserWechat(tx: Tx, userId: UserId) {
  const [row] = await tx.select(wechatColumns).from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

export interface WechatBinding {
  userId: UserId;
  identity: { openId: string; nickName: string | null } | null;
  at: Date;
}

/** Binds (or with a null identity, unbinds) the user's WeChat. */
export async function setUserWechat(tx: Tx, { userId, identity, at }: WechatBinding) {
  await tx
    .update(users)
    .set({
      wechatOpenId: identity?.openId ?? null,
      wechatNickName: identity?.nickName ?? null,
      wechatBoundAt: identity ? at : null,
    })
    .where(eq(users.id, userId));
}

/**
 * Locks the user's row until the transaction ends (SELECT … FOR UPDATE) and answers when they passed real-name
 * verification: the one place attempts are counted and reserved, so parallel requests of one user take turns.
 */
export async function lockRealNameState(tx: Tx, userId: UserId) {
  const [row] = await tx
    .select({ verifiedAt: users.realNameVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function findRealNameVerifiedAt(db: Db, userId: UserId): Promise<Date | null> {
  const [row] = await db.select({ verifiedAt: users.realNameVerifiedAt }).from(users).where(eq(users.id, userId));
  return row?.verifiedAt ?? null;
}

export async function setRealNameVerified(tx: Tx, userId: UserId, at: Date) {
  await tx.update(users).set({ realNameVerifiedAt: at }).where(eq(users.id, userId));
}

export async function holdsRole(db: Db, userId: UserId, role: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleKey, role)));
  return row !== undefined;
}

/** Grants a role once; granting it again changes nothing. */
export async function grantRole(db: Db, userId: UserId, role: string): Promise<void> {
  await db.insert(userRoles).values({ userId, roleKey: role }).onConflictDoNothing();
}
