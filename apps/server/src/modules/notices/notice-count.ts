import { isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ListenedMemory } from '../../db/listened-memory.js';
import type { Listen } from '../../db/notifications.js';
import { notices } from './notices.tables.js';

interface PublishedCount {
  count: number;
  /** When the next notice already written is published, which changes the count without any write. */
  until: Date | null;
}

async function readCount(db: Db, now: Date): Promise<PublishedCount> {
  const [row] = await db
    .select({
      count: sql<number>`count(*) FILTER (WHERE ${notices.publishedAt} <= ${now})::int`,
      until: sql<Date | string | null>`min(${notices.publishedAt}) FILTER (WHERE ${notices.publishedAt} > ${now})`,
    })
    .from(notices)
    .where(isNull(notices.withdrawnAt));
  return { count: row?.count ?? 0, until: row?.until ? new Date(row.until) : null };
}

/**
 * How many platform notices are published, the total of every page of their list: read once per server rather than
 * counted on each page (thousands of rows), kept exact by notices_changed (migration 0018) and by the publish time of
 * the next scheduled notice, and read again at that time.
 */
export function noticeCountMemory({ db, listen }: { db: Db; listen: Listen }) {
  const memory = new ListenedMemory<'published', PublishedCount>({
    listen,
    channel: 'notices_changed',
    capacity: 1,
    notified: (known) => known.forget(() => true),
  });
  return {
    async published(now: Date): Promise<number> {
      const known = await memory.through(
        'published',
        () => readCount(db, now),
        ({ until }) => until === null || now < until,
      );
      return known.count;
    },
    close: () => memory.close(),
  };
}

export type NoticeCount = ReturnType<typeof noticeCountMemory>;
