import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { money, type Money } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import { asUserId, type UserId } from '../../db/ids.js';
import { lockRow } from '../../db/locks.js';
import { preparedQuery } from '../../db/prepared.js';
import { idSet, queryRows } from '../../db/sql.js';
import type { PageWindow } from '../../db/paging.js';
import { applicationsTable as apps, type ApplicationRow, type Status } from './applications.tables.js';

export type NewApplication = typeof apps.$inferInsert & { id: bigint };

export async function insertApplication(tx: Tx, application: NewApplication): Promise<ApplicationRow> {
  const [row] = await tx.insert(apps).values(application).returning();
  return row!;
}

const live = (userId: UserId) => and(eq(apps.userId, userId), ne(apps.status, 'destroyed'));

/**
 * Locks one of the user's applications, destroyed or not, so that an action on a destroyed one can be told apart
 * (409) from one on an application that is not theirs (404); null when it is not theirs or does not exist.
 */
export const lockOwnApplication = (tx: Tx, userId: UserId, applicationId: bigint) =>
  lockRow(tx, apps, { id: applicationId, where: eq(apps.userId, userId) });

export const lockApplication = (tx: Tx, applicationId: bigint) => lockRow(tx, apps, { id: applicationId });

export async function findOwnApplication(db: Db, userId: UserId, applicationId: bigint) {
  const [row] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, applicationId), live(userId)));
  return row ?? null;
}

/** One of the user's applications, destroyed or not (an action on a destroyed one answers 409, not 404). */
export async function findOwnRecord(db: Db, userId: UserId, applicationId: bigint) {
  const [row] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, applicationId), eq(apps.userId, userId)));
  return row ?? null;
}

export async function findApplication(db: Db, applicationId: bigint) {
  const [row] = await db.select().from(apps).where(eq(apps.id, applicationId));
  return row ?? null;
}

/** Changes what the owner set (name, pin, timed shutdown) or the disk's arrears: never the status. */
export async function updateApplication(
  tx: Tx,
  applicationId: bigint,
  changes: Omit<Partial<ApplicationRow>, 'status' | 'desiredState' | 'billedThrough'>,
) {
  const [row] = await tx.update(apps).set(changes).where(eq(apps.id, applicationId)).returning();
  return row!;
}

/**
 * Moves an application from the status and desired state `from` reads (compare-and-set, ARCHITECTURE §5): null when
 * either moved meanwhile, and nothing is written. `billed_through` only ever moves forwards.
 */
export async function transition(
  tx: Tx,
  from: Pick<ApplicationRow, 'id' | 'status' | 'desiredState'>,
  changes: Partial<ApplicationRow>,
) {
  const [row] = await tx
    .update(apps)
    .set(changes)
    .where(
      and(
        eq(apps.id, from.id),
        eq(apps.status, from.status),
        eq(apps.desiredState, from.desiredState),
        changes.billedThrough
          ? sql`(${apps.billedThrough} IS NULL OR ${apps.billedThrough} <= ${changes.billedThrough})`
          : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

// A user's live applications, of one status or all: the folded counts plus the changes not folded yet (migration
// 0024). Written out, as drizzle leaves a subquery over a UNION to raw SQL.
const countOf = (userId: unknown, status: unknown) => {
  const ofStatus = status === undefined ? sql`` : sql` AND status = ${status}`;
  return sql<number>`(SELECT coalesce(sum(total), 0)::int FROM (
    SELECT total FROM application_counts WHERE user_id = ${userId}${ofStatus}
    UNION ALL SELECT total FROM application_count_changes WHERE user_id = ${userId}${ofStatus}) AS counts)`;
};

/** What the list shows of an application (rowView), and no more: the list reads it on every poll of /myApp. */
const listedColumns = {
  id: apps.id,
  appName: apps.appName,
  status: apps.status,
  statusReason: apps.statusReason,
  imageId: apps.imageId,
  imageName: apps.imageName,
  gpuModel: apps.gpuModel,
  gpuCount: apps.gpuCount,
  regionId: apps.regionId,
  billingMode: apps.billingMode,
  dataDiskGb: apps.dataDiskGb,
  pinnedAt: apps.pinnedAt,
  createdAt: apps.createdAt,
  expiresAt: apps.expiresAt,
  timedStopAt: apps.timedStopAt,
  stoppedAt: apps.stoppedAt,
  orderNo: apps.orderNo,
  spentUnits: apps.spentUnits,
  billedMinutes: apps.billedMinutes,
  hourlyPriceUnits: apps.hourlyPriceUnits,
};

export type ListedApplication = Pick<ApplicationRow, keyof typeof listedColumns>;

/**
 * One page of the user's applications (of one status, or all), pinned first, then newest (the index
 * applications_by_user); each row also carries the total, read in the same round trip. Prepared once per status
 * filter, so PostgreSQL plans each once per pooled connection.
 */
const pageOf = (filtered: boolean) =>
  preparedQuery((db) => {
    const status = filtered ? sql.placeholder('status') : undefined;
    return db
      .select({ ...listedColumns, total: countOf(sql.placeholder('userId'), status) })
      .from(apps)
      .where(
        and(
          eq(apps.userId, sql.placeholder('userId')),
          ne(apps.status, 'destroyed'),
          status === undefined ? undefined : eq(apps.status, status),
        ),
      )
      .orderBy(sql`${apps.pinnedAt} DESC NULLS LAST`, desc(apps.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(filtered ? 'list_applications_of_status' : 'list_applications');
  });
const allPage = pageOf(false);
const statusPage = pageOf(true);

/** A page past the end has no row to carry the total: ask countApplications. */
export function listApplicationRows(db: Db, userId: UserId, filter: { status?: Status | undefined; page: PageWindow }) {
  const { status, page } = filter;
  const values = { userId, limit: page.limit, offset: page.offset };
  return status === undefined ? allPage(db).execute(values) : statusPage(db).execute({ ...values, status });
}

export async function countApplications(db: Db, userId: UserId, status: Status | undefined) {
  const [row] = await queryRows<{ total: number }>(db, sql`SELECT ${countOf(userId, status)} AS total`);
  return row?.total ?? 0;
}

/** Adds the recorded count changes into each user's counts (job applications.fold-counts), as notices do. */
export async function foldApplicationCounts(db: Db): Promise<number> {
  const folded = await queryRows<{ userId: string }>(
    db,
    sql`WITH folded AS (DELETE FROM application_count_changes RETURNING user_id, status, total)
        INSERT INTO application_counts AS counts (user_id, status, total)
        SELECT user_id, status, sum(total) FROM folded GROUP BY user_id, status ORDER BY user_id, status
        ON CONFLICT (user_id, status) DO UPDATE SET total = counts.total + excluded.total
        RETURNING user_id AS "userId"`,
  );
  return folded.length;
}

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

/**
 * Takes the next application id before its row is written: the accepting transaction allocates GPUs to it first. Not
 * transactional (a sequence never is), so it is taken before that transaction, not in it.
 */
export async function nextApplicationId(db: Db): Promise<bigint> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`SELECT nextval(pg_get_serial_sequence('applications', 'id')) AS id`,
  );
  return BigInt(row!.id);
}

/**
 * What an hour of each owner's running pay-as-you-go applications costs together; absent when none runs. Each owner's
 * sum is taken by their own rows (a lateral subquery on the owner index): joined as a set, the planner cannot count the
 * owners in the JSON list and scans every application, once per chunk of a billing tick, which made the tick at
 * 100,000 applications spend a third of its time here (issue 25).
 */
export async function hourlyBurns(tx: Tx, userIds: readonly UserId[]): Promise<Map<UserId, Money>> {
  if (userIds.length === 0) {
    return new Map();
  }
  const rows = await queryRows<{ user_id: string; burn: string }>(
    tx,
    sql`SELECT owner.id AS user_id, burn.total AS burn
      FROM ${idSet(userIds)} AS owner (id)
      CROSS JOIN LATERAL (SELECT sum(${apps.hourlyPriceUnits}) AS total FROM ${apps}
        WHERE ${apps.userId} = owner.id AND ${apps.status} = 'running' AND ${apps.billingMode} = 'minute') AS burn
      WHERE burn.total IS NOT NULL`,
  );
  return new Map(rows.map((row) => [asUserId(BigInt(row.user_id)), money(BigInt(row.burn))]));
}

/** Records the minutes a tick billed (each row as it reads after them) in one statement however many. */
export async function recordBilled(
  tx: Tx,
  billed: readonly Pick<ApplicationRow, 'id' | 'billedMinutes' | 'billedThrough' | 'spentUnits'>[],
) {
  if (billed.length === 0) {
    return;
  }
  const rows = billed.map((row) => ({
    id: String(row.id),
    minutes: row.billedMinutes,
    through: row.billedThrough!.toISOString(),
    spent: String(row.spentUnits),
  }));
  // Each row only moves forwards from where it was billed to: the charges of the same transaction were computed from
  // that, so a row that moved meanwhile must undo them all.
  const [moved] = await queryRows<{ count: number }>(
    tx,
    sql`WITH moved AS (UPDATE applications a
      SET billed_minutes = b.minutes, billed_through = b.through, spent_units = b.spent
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS b (id bigint, minutes int, through timestamptz, spent bigint)
      WHERE a.id = b.id AND a.billed_minutes < b.minutes AND a.billed_through < b.through
      RETURNING 1)
    SELECT count(*)::int AS count FROM moved`,
  );
  if (moved!.count !== rows.length) {
    throw new Error(`billed ${rows.length} applications but ${moved!.count} were where their bill began`);
  }
}
