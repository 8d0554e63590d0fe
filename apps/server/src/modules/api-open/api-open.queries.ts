import { and, count, desc, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { apiAllowances, apiCredentials, apiGatewayServers } from './api-open.tables.js';

export type CredentialRow = typeof apiCredentials.$inferSelect;

const live = (userId: UserId) => and(eq(apiCredentials.userId, userId), isNull(apiCredentials.revokedAt));

export async function insertCredential(
  db: Db,
  values: { userId: UserId; name: string; keyHash: string; prefix: string; createdAt: Date; expiresAt: Date | null },
): Promise<CredentialRow> {
  const [row] = await db.insert(apiCredentials).values(values).returning();
  return row!;
}

export function countLiveCredentials(db: Db, userId: UserId) {
  return db.$count(apiCredentials, live(userId));
}

export function liveCredentials(db: Db, userId: UserId) {
  return db.select().from(apiCredentials).where(live(userId)).orderBy(desc(apiCredentials.id));
}

/** Puts a new key in place of the old one, which stops matching at once; null when it is not the user's live key. */
export async function replaceKey(
  db: Db,
  userId: UserId,
  { id, keyHash, prefix, at }: { id: bigint; keyHash: string; prefix: string; at: Date },
): Promise<CredentialRow | null> {
  const [row] = await db
    .update(apiCredentials)
    .set({ keyHash, prefix, rotatedAt: at })
    .where(and(eq(apiCredentials.id, id), live(userId)))
    .returning();
  return row ?? null;
}

export async function revokeCredential(db: Db, userId: UserId, { id, at }: { id: bigint; at: Date }) {
  const rows = await db
    .update(apiCredentials)
    .set({ revokedAt: at })
    .where(and(eq(apiCredentials.id, id), live(userId)))
    .returning({ id: apiCredentials.id });
  return rows.length > 0;
}

/** The live key with this hash, whoever owns it: how the gateway tells who calls. */
export async function findKey(db: Db, keyHash: string) {
  const [row] = await db
    .select({
      credentialId: apiCredentials.id,
      userId: apiCredentials.userId,
      expiresAt: apiCredentials.expiresAt,
      lastUsedAt: apiCredentials.lastUsedAt,
    })
    .from(apiCredentials)
    .where(and(eq(apiCredentials.keyHash, keyHash), isNull(apiCredentials.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Records a use, at most once per `since`: parallel calls of one key do not queue on its row. */
export async function touchKey(db: Db, { id, at, since }: { id: bigint; at: Date; since: Date }) {
  await db
    .update(apiCredentials)
    .set({ lastUsedAt: at })
    .where(and(eq(apiCredentials.id, id), or(isNull(apiCredentials.lastUsedAt), lt(apiCredentials.lastUsedAt, since))));
}

/** Says this server is alive, in the database's time, which every server shares whatever its business clock. */
export async function heartbeat(db: Db, serverId: string) {
  await db
    .insert(apiGatewayServers)
    .values({ id: serverId, heartbeatAt: sql`now()` })
    .onConflictDoUpdate({ target: apiGatewayServers.id, set: { heartbeatAt: sql`now()` } });
}

export async function insertAllowance(tx: Tx, row: typeof apiAllowances.$inferInsert): Promise<bigint> {
  const [inserted] = await tx.insert(apiAllowances).values(row).returning({ id: apiAllowances.id });
  return inserted!.id;
}

/** What closing a block answers: whose it was, what it cost a call, and how many of its calls it served. */
export interface ClosedAllowance {
  userId: UserId;
  orderNo: string;
  pointsPerCall: bigint;
  calls: number;
  used: number;
}

const closedColumns = {
  userId: apiAllowances.userId,
  orderNo: apiAllowances.orderNo,
  pointsPerCall: apiAllowances.pointsPerCall,
  calls: apiAllowances.calls,
  used: apiAllowances.used,
};

/**
 * Writes how many calls an open block has served, closing it when `close`; answers false when it was closed already
 * (a sweeper took it for a dead server's), and then nothing changes.
 */
export async function checkpointAllowance(
  db: Db,
  { id, used, closedAt }: { id: bigint; used: number; closedAt: Date | null },
) {
  const rows = await db
    .update(apiAllowances)
    .set({ used, closedAt })
    .where(and(eq(apiAllowances.id, id), isNull(apiAllowances.closedAt)))
    .returning(closedColumns);
  return rows[0] ?? null;
}

/** Locks the servers whose heartbeat is older than `deadSeconds`, skipping those another sweeper holds. */
export async function lockDeadServers(tx: Tx, deadSeconds: number) {
  const rows = await (tx as Db)
    .select({ id: apiGatewayServers.id })
    .from(apiGatewayServers)
    .where(lt(apiGatewayServers.heartbeatAt, sql`now() - make_interval(secs => ${deadSeconds})`))
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

/** Closes a dead server's open blocks as of their last checkpoint, and forgets the server. */
export async function closeServerAllowances(
  tx: Tx,
  { serverId, at }: { serverId: string; at: Date },
): Promise<ClosedAllowance[]> {
  const closed = await tx
    .update(apiAllowances)
    .set({ closedAt: at })
    .where(and(eq(apiAllowances.serverId, serverId), isNull(apiAllowances.closedAt)))
    .returning(closedColumns);
  await tx.delete(apiGatewayServers).where(eq(apiGatewayServers.id, serverId));
  return closed;
}

/**
 * Asks the other servers for this user's calls they hold, when this one ran short: marks their open blocks recalled.
 * Answers how many it marked.
 */
export async function recallAllowances(tx: Tx, { userId, serverId }: { userId: UserId; serverId: string }) {
  const rows = await tx
    .update(apiAllowances)
    .set({ recalledAt: sql`coalesce(${apiAllowances.recalledAt}, now())` })
    .where(and(eq(apiAllowances.userId, userId), ne(apiAllowances.serverId, serverId), isNull(apiAllowances.closedAt)))
    .returning({ id: apiAllowances.id });
  return rows.length;
}

/** How many blocks recalled for this user other servers still hold open. */
export async function pendingRecalls(db: Db, { userId, serverId }: { userId: UserId; serverId: string }) {
  const [row] = await db
    .select({ open: count() })
    .from(apiAllowances)
    .where(
      and(
        eq(apiAllowances.userId, userId),
        ne(apiAllowances.serverId, serverId),
        isNull(apiAllowances.closedAt),
        isNotNull(apiAllowances.recalledAt),
      ),
    );
  return row!.open;
}

/** The users whose calls held on this server another server recalled. */
export async function recalledUsers(db: Db, serverId: string): Promise<UserId[]> {
  const rows = await db
    .selectDistinct({ userId: apiAllowances.userId })
    .from(apiAllowances)
    .where(
      and(eq(apiAllowances.serverId, serverId), isNull(apiAllowances.closedAt), isNotNull(apiAllowances.recalledAt)),
    );
  return rows.map((row) => row.userId);
}

/** Forgets blocks closed before `before`: the points history keeps what they cost and returned. */
export async function deleteClosedAllowances(tx: Tx, before: Date): Promise<number> {
  const gone = await tx
    .delete(apiAllowances)
    .where(lt(apiAllowances.closedAt, before))
    .returning({ id: apiAllowances.id });
  return gone.length;
}

/** Forgets a server that holds no open block any more (it shut down). */
export async function deleteServer(db: Db, serverId: string) {
  await db.delete(apiGatewayServers).where(eq(apiGatewayServers.id, serverId));
}
