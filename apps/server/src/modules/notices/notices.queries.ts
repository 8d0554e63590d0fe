import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { informs, noticeReads, notices } from '../../db/schema.js';

/** Which of a user's notices a change applies to: listed ids, or every one. */
export type InformSelection = { ids: bigint[] } | 'all';

export interface Page {
  limit: number;
  offset: number;
}

const mine = (userId: bigint) => and(eq(informs.userId, userId), isNull(informs.deletedAt));

const selected = (userId: bigint, selection: InformSelection) =>
  selection === 'all' ? mine(userId) : and(mine(userId), inArray(informs.id, selection.ids));

export async function insertInform(
  db: Db,
  values: { userId: bigint; kind: string; params: Record<string, string | number>; createdAt: Date | undefined },
) {
  // Callers without a clock (account creation) take the database's time, as users.created_at does.
  await db.insert(informs).values({ ...values, createdAt: values.createdAt ?? sql`now()` });
}

export function listInformRows(db: Db, userId: bigint, page: Page) {
  return db
    .select({
      id: informs.id,
      kind: informs.kind,
      params: informs.params,
      createdAt: informs.createdAt,
      readAt: informs.readAt,
    })
    .from(informs)
    .where(mine(userId))
    .orderBy(desc(informs.createdAt), desc(informs.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countInforms(db: Db, userId: bigint) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) FILTER (WHERE ${informs.readAt} IS NULL))::int`,
    })
    .from(informs)
    .where(mine(userId));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

export async function markInformsRead(db: Db, userId: bigint, selection: InformSelection, at: Date) {
  await db
    .update(informs)
    .set({ readAt: at })
    .where(and(selected(userId, selection), isNull(informs.readAt)));
}

export async function deleteInforms(db: Db, userId: bigint, selection: InformSelection, at: Date) {
  await db.update(informs).set({ deletedAt: at }).where(selected(userId, selection));
}

const published = (now: Date) => lte(notices.publishedAt, now);

const noticeColumns = (userId: bigint) => ({
  id: notices.id,
  titleZh: notices.titleZh,
  titleEn: notices.titleEn,
  contentZh: notices.contentZh,
  contentEn: notices.contentEn,
  publishedAt: notices.publishedAt,
  read: sql<boolean>`EXISTS (SELECT 1 FROM ${noticeReads} WHERE ${noticeReads.noticeId} = ${notices.id} AND ${noticeReads.userId} = ${userId})`,
});

export type NoticeRow = Awaited<ReturnType<typeof listNoticeRows>>[number];

/** Platform notices published by `now`, newest first, each with whether this user has read it. */
export function listNoticeRows(db: Db, userId: bigint, now: Date, page: Page) {
  return db
    .select(noticeColumns(userId))
    .from(notices)
    .where(published(now))
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countNotices(db: Db, now: Date) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(notices)
    .where(published(now));
  return row?.total ?? 0;
}

export async function noticeExists(db: Db, noticeId: bigint, now: Date) {
  const rows = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.id, noticeId), published(now)));
  return rows.length > 0;
}

export async function insertNoticeRead(db: Db, userId: bigint, noticeId: bigint, at: Date) {
  await db.insert(noticeReads).values({ userId, noticeId, readAt: at }).onConflictDoNothing();
}
