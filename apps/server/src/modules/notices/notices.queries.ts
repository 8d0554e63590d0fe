import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { PageWindow } from '../../db/paging.js';
import { preparedQuery } from '../../db/prepared.js';
import { queryRows } from '../../db/sql.js';
import { informs, noticeReads, notices } from './notices.tables.js';

/** Which of a user's notices a change applies to: listed ids, or every one. */
export type InformSelection = { ids: bigint[] } | 'all';

const mine = (userId: UserId) => and(eq(informs.userId, userId), isNull(informs.deletedAt));

const selected = (userId: UserId, selection: InformSelection) =>
  selection === 'all' ? mine(userId) : and(mine(userId), inArray(informs.id, selection.ids));

export async function insertInform(
  db: Db,
  values: { userId: UserId; kind: string; params: Record<string, string | number>; createdAt: Date | undefined },
) {
  // Callers without a clock (account creation) take the database's time, as users.created_at does.
  await db.insert(informs).values({ ...values, createdAt: values.createdAt ?? sql`now()` });
}

// A user's counts: the folded ones plus the changes not folded yet (migration 0007). Written out, because drizzle leaves
// the columns of a one-table select unqualified and these read other tables.
const countOf = (column: 'total' | 'unread', userId: unknown) =>
  sql<number>`(SELECT coalesce(sum(${sql.raw(column)}), 0)::int FROM (
    SELECT ${sql.raw(column)} FROM inform_counts WHERE user_id = ${userId}
    UNION ALL SELECT ${sql.raw(column)} FROM inform_count_changes WHERE user_id = ${userId}) AS counts)`;

/**
 * One page of the user's notices, newest first; each row also carries the user's counts, read in the same round trip
 * (the subqueries are evaluated once per query). A page past the end has no row to carry them: ask countInforms.
 */
const informPage = preparedQuery((db) =>
  db
    .select({
      id: informs.id,
      kind: informs.kind,
      params: informs.params,
      createdAt: informs.createdAt,
      readAt: informs.readAt,
      total: countOf('total', sql.placeholder('userId')),
      unread: countOf('unread', sql.placeholder('userId')),
    })
    .from(informs)
    .where(and(eq(informs.userId, sql.placeholder('userId')), isNull(informs.deletedAt)))
    .orderBy(desc(informs.createdAt), desc(informs.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('list_informs'),
);

export const listInformRows = (db: Db, userId: UserId, page: PageWindow) =>
  informPage(db).execute({ userId, limit: page.limit, offset: page.offset });

/** How many notices the user has, and how many of them are unread. */
export async function countInforms(db: Db, userId: UserId) {
  const [row] = await queryRows<{ total: number; unread: number }>(
    db,
    sql`SELECT ${countOf('total', userId)} AS total, ${countOf('unread', userId)} AS unread`,
  );
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

/**
 * Adds the recorded changes into each user's counts (job notices.fold-inform-counts). Only this statement writes
 * inform_counts, users in id order, so it never waits on a notifying transaction nor deadlocks with one.
 */
export async function foldInformCounts(db: Db): Promise<number> {
  const folded = await queryRows<{ userId: string }>(
    db,
    sql`WITH folded AS (DELETE FROM inform_count_changes RETURNING user_id, total, unread)
        INSERT INTO inform_counts AS counts (user_id, total, unread)
        SELECT user_id, sum(total), sum(unread) FROM folded GROUP BY user_id ORDER BY user_id
        ON CONFLICT (user_id) DO UPDATE
          SET total = counts.total + excluded.total, unread = counts.unread + excluded.unread
        RETURNING user_id AS "userId"`,
  );
  return folded.length;
}

/** A change to some of one user's notices at a time. */
export interface InformChange {
  userId: UserId;
  selection: InformSelection;
  at: Date;
}

export async function markInformsRead(db: Db, { userId, selection, at }: InformChange) {
  await db
    .update(informs)
    .set({ readAt: at })
    .where(and(selected(userId, selection), isNull(informs.readAt)));
}

export async function deleteInforms(db: Db, { userId, selection, at }: InformChange) {
  await db.update(informs).set({ deletedAt: at }).where(selected(userId, selection));
}

/** What users see: published by `now` and not withdrawn. */
const published = (now: Date) => and(lte(notices.publishedAt, now), isNull(notices.withdrawnAt));

const noticeColumns = (userId: UserId) => ({
  id: notices.id,
  titleZh: notices.titleZh,
  titleEn: notices.titleEn,
  contentZh: notices.contentZh,
  contentEn: notices.contentEn,
  publishedAt: notices.publishedAt,
  read: sql<boolean>`EXISTS (SELECT 1 FROM ${noticeReads} WHERE ${noticeReads.noticeId} = ${notices.id} AND ${noticeReads.userId} = ${userId})`,
});

export type NoticeRow = Awaited<ReturnType<typeof listNoticeRows>>[number];

/** Platform notices published by `now`, newest first, each with whether this reader (no owner: anyone) has read it. */
export function listNoticeRows(
  db: Db,
  { userId: readerId, now, page }: { userId: UserId; now: Date; page: PageWindow },
) {
  return db
    .select(noticeColumns(readerId))
    .from(notices)
    .where(published(now))
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function noticeExists(db: Db, noticeId: bigint, now: Date) {
  const rows = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.id, noticeId), published(now)));
  return rows.length > 0;
}

export async function insertNoticeRead(db: Db, read: { userId: UserId; noticeId: bigint; at: Date }) {
  await db
    .insert(noticeReads)
    .values({ userId: read.userId, noticeId: read.noticeId, readAt: read.at })
    .onConflictDoNothing();
}

export interface NewPlatformNotice {
  titleZh: string;
  titleEn: string;
  contentZh: string;
  contentEn: string;
  publishedAt: Date;
}

/** Publishes a platform notice unless one with the same Chinese title exists (what makes seeding repeatable). */
export async function insertNoticeOnce(db: Db, notice: NewPlatformNotice) {
  await db.execute(sql`
    INSERT INTO notices (title_zh, title_en, content_zh, content_en, published_at)
    SELECT ${notice.titleZh}, ${notice.titleEn}, ${notice.contentZh}, ${notice.contentEn}, ${notice.publishedAt}
    WHERE NOT EXISTS (SELECT 1 FROM notices WHERE title_zh = ${notice.titleZh})`);
}
