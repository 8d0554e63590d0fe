import { translate, type Locale } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import * as queries from './notices.queries.js';
import type { InformSelection, NoticeRow } from './notices.queries.js';

export const NOTICE_KINDS = ['welcome', 'lowBalance', 'applicationStopped', 'rewardGranted'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * What each kind of notice needs to be rendered. Amounts are yuan text ("12.30"). A `reason` is a key under
 * `notices.reasons`, translated when the notice is read, like the rest of the text.
 */
export interface NoticeParams {
  welcome: Record<string, never>;
  lowBalance: { balance: string };
  applicationStopped: { appName: string; reason: 'insufficientBalance' | 'expired' | 'timedShutdown' };
  rewardGranted: {
    amount: string;
    reason: 'inviteFirstApplication' | 'inviteRecharge' | 'inviteConsumption' | 'kolInvite' | 'feedbackAdopted';
  };
}

/**
 * The one way any module notifies a user. Only the kind and its parameters are stored, so each reader sees the
 * notice in their own language. Pass the transaction of the change it reports, so both happen or neither; `at` is the
 * business clock's time where the caller has one.
 */
export async function notifyUser<K extends NoticeKind>(
  db: Db,
  userId: bigint,
  kind: K,
  params: NoticeParams[K],
  at?: Date,
): Promise<void> {
  await queries.insertInform(db, { userId, kind, params, createdAt: at });
}

type StoredParams = Record<string, string | number>;

function render(locale: Locale, kind: string, params: StoredParams) {
  const values =
    typeof params.reason === 'string'
      ? { ...params, reason: translate(locale, `notices.reasons.${params.reason}`) }
      : params;
  return {
    title: translate(locale, `notices.kinds.${kind}.title`, values),
    content: translate(locale, `notices.kinds.${kind}.content`, values),
  };
}

const pageOf = (query: { pageNum: number; pageSize: number }) => ({
  limit: query.pageSize,
  offset: (query.pageNum - 1) * query.pageSize,
});

export async function listInforms(
  db: Db,
  userId: bigint,
  locale: Locale,
  query: { pageNum: number; pageSize: number },
) {
  const [rows, counts] = await Promise.all([
    queries.listInformRows(db, userId, pageOf(query)),
    queries.countInforms(db, userId),
  ]);
  return {
    rows: rows.map((row) => ({
      informId: String(row.id),
      kind: row.kind,
      ...render(locale, row.kind, row.params),
      read: row.readAt !== null,
      createTime: row.createdAt.toISOString(),
    })),
    total: counts.total,
    unread: counts.unread,
  };
}

function selectionOf(body: { informIds?: string[] | undefined; all?: boolean | undefined }): InformSelection {
  if (body.all) {
    return 'all';
  }
  if (!body.informIds) {
    throw new AppError('badRequest', { messageKey: 'notices.idsRequired', field: 'informIds' });
  }
  return { ids: body.informIds.map((id) => BigInt(id)) };
}

type Selection = Parameters<typeof selectionOf>[0];

/** Marks the caller's notices read; ids of other users' notices match nothing. Answers the new unread count. */
export async function markInformsRead(db: Db, clock: Clock, userId: bigint, body: Selection) {
  await queries.markInformsRead(db, userId, selectionOf(body), clock.now());
  return { unread: (await queries.countInforms(db, userId)).unread };
}

export async function deleteInforms(db: Db, clock: Clock, userId: bigint, body: Selection) {
  await queries.deleteInforms(db, userId, selectionOf(body), clock.now());
  return { unread: (await queries.countInforms(db, userId)).unread };
}

function noticeView(locale: Locale, row: NoticeRow) {
  const english = locale === 'en-US';
  return {
    noticeId: String(row.id),
    title: english ? row.titleEn : row.titleZh,
    content: english ? row.contentEn : row.contentZh,
    read: row.read,
    publishTime: row.publishedAt.toISOString(),
  };
}

export async function listPlatformNotices(
  db: Db,
  clock: Clock,
  userId: bigint,
  locale: Locale,
  query: { pageNum: number; pageSize: number },
) {
  const now = clock.now();
  const [rows, total] = await Promise.all([
    queries.listNoticeRows(db, userId, now, pageOf(query)),
    queries.countNotices(db, now),
  ]);
  return { rows: rows.map((row) => noticeView(locale, row)), total };
}

/**
 * The popup shows the latest notice once: once the caller has read it, older unread notices stay in the list
 * instead of popping up one after another.
 */
export async function getNewNotice(db: Db, clock: Clock, userId: bigint, locale: Locale) {
  const [newest] = await queries.listNoticeRows(db, userId, clock.now(), { limit: 1, offset: 0 });
  return newest && !newest.read ? noticeView(locale, newest) : null;
}

export async function markNoticeRead(db: Db, clock: Clock, userId: bigint, noticeId: string) {
  const id = BigInt(noticeId);
  if (!(await queries.noticeExists(db, id, clock.now()))) {
    throw new AppError('notFound', { messageKey: 'notices.noticeNotFound' });
  }
  await queries.insertNoticeRead(db, userId, id, clock.now());
  return null;
}
