import { and, count, desc, eq, ne, sql, sum, type SQL } from 'drizzle-orm';
import { money, type Money } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { lockRow } from '../../db/locks.js';
import { queryRows } from '../../db/sql.js';
import type { PageWindow } from '../../db/paging.js';
import {
  applicationsTable as apps,
  balanceWarnings,
  type ApplicationRow,
  type Status,
  type WarningLevel,
} from './applications.tables.js';

export type NewApplication = typeof apps.$inferInsert & { id: bigint };

export async function insertApplication(tx: Tx, application: NewApplication): Promise<ApplicationRow> {
  const [row] = await tx.insert(apps).values(application).returning();
  return row!;
}

const live = (userId: UserId) => and(eq(apps.userId, userId), ne(apps.status, 'destroyed'));

/** Locks one of the user's applications; null when it is not theirs, does not exist or was destroyed. */
export const lockOwnApplication = (tx: Tx, userId: UserId, applicationId: bigint) =>
  lockRow(tx, apps, { id: applicationId, where: live(userId) });

export const lockApplication = (tx: Tx, applicationId: bigint) => lockRow(tx, apps, { id: applicationId });

export async function findOwnApplication(db: Db, userId: UserId, applicationId: bigint) {
  const [row] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, applicationId), live(userId)));
  return row ?? null;
}

export async function findApplication(db: Db, applicationId: bigint) {
  const [row] = await db.select().from(apps).where(eq(apps.id, applicationId));
  return row ?? null;
}

export async function updateApplication(tx: Tx, applicationId: bigint, changes: Partial<ApplicationRow>) {
  const [row] = await tx.update(apps).set(changes).where(eq(apps.id, applicationId)).returning();
  return row!;
}

const listed = (userId: UserId, status: Status | undefined) =>
  and(live(userId), status === undefined ? undefined : eq(apps.status, status));

export function listApplicationRows(db: Db, userId: UserId, filter: { status?: Status | undefined; page: PageWindow }) {
  return db
    .select()
    .from(apps)
    .where(listed(userId, filter.status))
    .orderBy(sql`${apps.pinnedAt} DESC NULLS LAST`, desc(apps.id))
    .limit(filter.page.limit)
    .offset(filter.page.offset);
}

export const countApplications = (db: Db, userId: UserId, status: Status | undefined) =>
  db.$count(apps, listed(userId, status));

/** The status summary's counts in one pass over the user's live applications. */
export async function summarise(db: Db, userId: UserId, soon: { stoppedBefore: Date; expiresBefore: Date }) {
  const [row] = await db
    .select({
      total: count(),
      running: count(sql`CASE WHEN ${apps.status} = 'running' THEN 1 END`),
      uninstallingSoon: count(sql`CASE WHEN ${apps.status} = 'stopped' AND ${apps.stoppedAt} < ${soon.stoppedBefore}
        THEN 1 END`),
      expiringSoon: count(sql`CASE WHEN ${apps.status} <> 'stopped' AND ${apps.expiresAt} < ${soon.expiresBefore}
        THEN 1 END`),
    })
    .from(apps)
    .where(live(userId));
  return row!;
}

/** Applications whose status does not yet agree with what was asked (the partial index applications_unsettled). */
export const unsettled = (): SQL =>
  sql`${apps.status} <> ${apps.desiredState} AND (${apps.status} <> 'abnormal' OR ${apps.desiredState} = 'destroyed')`;

/** Takes the next application id before its row is written: the accepting transaction allocates GPUs to it first. */
export async function nextApplicationId(tx: Tx): Promise<bigint> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT nextval(pg_get_serial_sequence('applications', 'id')) AS id`,
  );
  return BigInt(row!.id);
}

/** What an hour of the user's running pay-as-you-go applications costs together. */
export async function hourlyBurn(tx: Tx, userId: UserId): Promise<Money> {
  const [row] = await tx
    .select({ burn: sum(apps.hourlyPriceUnits).mapWith(BigInt) })
    .from(apps)
    .where(and(eq(apps.userId, userId), eq(apps.status, 'running'), eq(apps.billingMode, 'minute')));
  return money(row?.burn ?? 0n);
}

export async function findWarningLevel(tx: Tx, userId: UserId): Promise<WarningLevel | null> {
  const [row] = await tx
    .select({ level: balanceWarnings.level })
    .from(balanceWarnings)
    .where(eq(balanceWarnings.userId, userId));
  return row?.level ?? null;
}

export async function setWarningLevel(tx: Tx, userId: UserId, warning: { level: WarningLevel | null; at: Date }) {
  const { level, at } = warning;
  if (level === null) {
    await tx.delete(balanceWarnings).where(eq(balanceWarnings.userId, userId));
    return;
  }
  await tx
    .insert(balanceWarnings)
    .values({ userId, level, warnedAt: at })
    .onConflictDoUpdate({ target: balanceWarnings.userId, set: { level, warnedAt: at } });
}
