import { translate, type Locale, type PageQuery } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { UserId } from '../../db/ids.js';
import { paged, pageWindow } from '../../db/paging.js';
import type { Clock } from '../../jobs/clock.js';
import type { NoticeCount } from './notice-count.js';
import * as queries from './notices.queries.js';
import type { InformSelection, NewPlatformNotice, NoticeRow } from './notices.queries.js';

export const NOTICE_KINDS = [
  'welcome',
  'lowBalance',
  'applicationStopped',
  'rewardGranted',
  'diskArrears',
  'diskCleared',
  'cloudArrearsWipe',
  'cloudInactiveWipe',
  'cloudWiped',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * What each kind of notice needs to be rendered. Amounts are yuan text ("12.30"). A `reason` is a key under
 * `notices.reasons`, translated when the notice is read, like the rest of the text.
 */
export interface NoticeParams {
  welcome: Record<string, never>;
  lowBalance: { balance: string };
  applicationStopped: { appName: string; reason: 'insufficientBalance' | 'expired' | 'timedShutdown' };
  diskArrears: { appName: string; arrears: string };
  diskCleared: { appName: string; arrears: string };
  /** `date` is the business day of the wipe (YYYY-MM-DD). */
  cloudArrearsWipe: { arrears: string; date: string };
  cloudInactiveWipe: { date: string };
  /** `size` is human text ("1.5 GB"). */
  cloudWiped: { size: string; reason: 'cloudArrears' | 'cloudInactive' };
  rewardGranted: {
    amount: string;
    reason: 'inviteFirstApplication' | 'inviteRecharge' | 'inviteConsumption' | 'kolInvite' | 'feedbackAdopted';
  };
}

/** One notice to one user: its kind, the parameters its text needs, and optionally when it happened. */
export interface Notice<K extends NoticeKind> {
  userId: UserId;
  kind: K;
  params: NoticeParams[K];
  at?: Date;
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

async function listInforms(db: Db, { userId, locale, query }: { userId: UserId; locale: Locale; query: PageQuery }) {
  const rows = await queries.listInformRows(db, userId, pageWindow(query));
  const counts = rows[0] ?? (await queries.countInforms(db, userId));
  return {
    rows: rows.map((row) => ({
      informId: String(row.id),
      kind: row.kind,
      ...render(locale, row.kind, row.params),
      read: row.readAt !== null,
      createTime: row.createdAt.toISOString(),
    })),
    total: counts.total ?? 0,
    unread: counts.unread ?? 0,
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

/** Notices to one user and platform notices to all (spec §2 notice bell, §7 "Notices"). */
export function noticesService({ db, clock, count }: { db: Db; clock: Clock; count: NoticeCount }) {
  return {
    /**
     * The one way any module notifies a user. Only the kind and its parameters are stored, so each reader sees the
     * notice in their own language. Pass the transaction of the change it reports, so both happen or neither; `at`
     * is the business clock's time where the caller has one, the database's otherwise.
     */
    async notifyUser<K extends NoticeKind>(tx: Db, notice: Notice<K>): Promise<void> {
      await queries.insertInform(tx, { ...notice, createdAt: notice.at });
    },

    /** Publishes a notice to every user, once per title (what the seed writes). */
    publishNotice: (notice: NewPlatformNotice) => queries.insertNoticeOnce(db, notice),

    listInforms: (userId: UserId, locale: Locale, query: PageQuery) => listInforms(db, { userId, locale, query }),

    /** Marks the caller's notices read; ids of other users' notices match nothing. Answers the new unread count. */
    async markInformsRead(userId: UserId, body: Selection) {
      await queries.markInformsRead(db, { userId, selection: selectionOf(body), at: clock.now() });
      return { unread: (await queries.countInforms(db, userId)).unread };
    },

    async deleteInforms(userId: UserId, body: Selection) {
      await queries.deleteInforms(db, { userId, selection: selectionOf(body), at: clock.now() });
      return { unread: (await queries.countInforms(db, userId)).unread };
    },

    async listPlatformNotices(userId: UserId, locale: Locale, query: PageQuery) {
      const now = clock.now();
      const { rows, total } = await paged(query, {
        rows: (page) => queries.listNoticeRows(db, { userId, now, page }),
        total: () => count.published(now),
      });
      return { rows: rows.map((row) => noticeView(locale, row)), total };
    },

    /**
     * The popup shows the latest notice once: once the caller has read it, older unread notices stay in the list
     * instead of popping up one after another.
     */
    async getNewNotice(userId: UserId, locale: Locale) {
      const page = { limit: 1, offset: 0 };
      const [newest] = await queries.listNoticeRows(db, { userId, now: clock.now(), page });
      return newest && !newest.read ? noticeView(locale, newest) : null;
    },

    async markNoticeRead(userId: UserId, noticeId: string) {
      const id = BigInt(noticeId);
      if (!(await queries.noticeExists(db, id, clock.now()))) {
        throw new AppError('notFound', { messageKey: 'notices.noticeNotFound' });
      }
      await queries.insertNoticeRead(db, { userId, noticeId: id, at: clock.now() });
      return null;
    },
  };
}

export type NoticesService = ReturnType<typeof noticesService>;
