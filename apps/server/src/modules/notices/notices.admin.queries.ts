import { and, desc, eq, gt, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { lockRow } from '../../db/locks.js';
import type { PageWindow } from '../../db/paging.js';
import { notices } from './notices.tables.js';

export type NoticeStatus = 'scheduled' | 'published' | 'withdrawn';

/** Which notices are in a status at `now` on the business clock. */
function inStatus(status: NoticeStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'withdrawn':
      return isNotNull(notices.withdrawnAt);
    case 'published':
      return and(isNull(notices.withdrawnAt), lte(notices.publishedAt, now));
    case 'scheduled':
      return and(isNull(notices.withdrawnAt), gt(notices.publishedAt, now));
  }
}

/** Every platform notice, or those in a status, latest publish time first: what support operators read. */
export function noticePage(db: Db, { status, now }: { status: NoticeStatus | undefined; now: Date }) {
  const where = status ? inStatus(status, now) : undefined;
  return {
    rows: ({ limit, offset }: PageWindow) =>
      db
        .select()
        .from(notices)
        .where(where)
        .orderBy(desc(notices.publishedAt), desc(notices.id))
        .limit(limit)
        .offset(offset),
    total: () => db.$count(notices, where),
  };
}

export interface NoticeFields {
  titleZh: string;
  titleEn: string;
  contentZh: string;
  contentEn: string;
  publishedAt: Date;
}

export async function insertNotice(tx: Tx, fields: NoticeFields) {
  const [row] = await tx.insert(notices).values(fields).returning();
  return row!;
}

export const lockNotice = (tx: Tx, id: bigint) => lockRow(tx, notices, { id });

/** Compare-and-set on the version read: null when another change came first. */
export async function changeNotice(
  tx: Tx,
  { id, version }: { id: bigint; version: number },
  change: Partial<NoticeFields> & { withdrawnAt?: Date },
) {
  const [row] = await tx
    .update(notices)
    .set({ ...change, version: sql`${notices.version} + 1` })
    .where(and(eq(notices.id, id), eq(notices.version, version)))
    .returning();
  return row ?? null;
}
