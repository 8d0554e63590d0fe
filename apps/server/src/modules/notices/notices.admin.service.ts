import type { PageQuery } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import { paged } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../http/operator-audit.js';
import type { Clock } from '../../jobs/clock.js';
import * as queries from './notices.admin.queries.js';
import type { NoticeTableRow } from './notices.tables.js';

function statusOf(row: NoticeTableRow, now: Date): queries.NoticeStatus {
  if (row.withdrawnAt) {
    return 'withdrawn';
  }
  return row.publishedAt <= now ? 'published' : 'scheduled';
}

const view = (row: NoticeTableRow, now: Date) => ({
  id: String(row.id),
  titleZh: row.titleZh,
  titleEn: row.titleEn,
  contentZh: row.contentZh,
  contentEn: row.contentEn,
  publishTime: row.publishedAt.toISOString(),
  status: statusOf(row, now),
  withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  version: row.version,
});

/** What the audit keeps of a notice: its words, when it goes out, its status and version. */
const auditView = (row: NoticeTableRow, now: Date) => {
  const { id: _id, withdrawnAt, ...rest } = view(row, now);
  return { ...rest, withdrawnAt };
};

export interface NoticeInput {
  titleZh: string;
  titleEn: string;
  contentZh: string;
  contentEn: string;
  publishTime?: string | undefined;
}

/**
 * Support operators write platform notices (issue 23): scheduled until their publish time on the business clock,
 * rewritten only until then, withdrawn at any time. Every change names the version it read and is compare-and-set on
 * it, so of two operators acting on one notice at once the second is told it changed (409).
 */
export function noticesAdminService({ db, clock }: { db: Db; clock: Clock }) {
  /** The publish time asked for, or now; a time already past would publish under an earlier date than today's. */
  function publishAt(input: NoticeInput, now: Date): Date {
    if (input.publishTime === undefined) {
      return now;
    }
    const at = new Date(input.publishTime);
    if (at < now) {
      throw new AppError('badRequest', {
        messageKey: 'notices.publishTimePast',
        params: { now: now.toISOString() },
        field: 'publishTime',
      });
    }
    return at;
  }

  const fieldsOf = (input: NoticeInput, now: Date): queries.NoticeFields => ({
    titleZh: input.titleZh,
    titleEn: input.titleEn,
    contentZh: input.contentZh,
    contentEn: input.contentEn,
    publishedAt: publishAt(input, now),
  });

  async function lockExisting(tx: Tx, id: string) {
    const row = await queries.lockNotice(tx, BigInt(id));
    if (!row) {
      throw new AppError('notFound', { messageKey: 'notices.noticeNotFound', field: 'id' });
    }
    return row;
  }

  /** Writes the change if the notice is still at the version the operator read (409 otherwise). */
  async function change(
    tx: Tx,
    read: { id: bigint; version: number },
    set: Parameters<typeof queries.changeNotice>[2],
  ) {
    const after = await queries.changeNotice(tx, read, set);
    if (!after) {
      throw new AppError('conflict', {
        messageKey: 'notices.changed',
        params: { id: String(read.id) },
        field: 'version',
      });
    }
    return after;
  }

  return {
    async list(query: PageQuery & { status?: queries.NoticeStatus | undefined }) {
      const now = clock.now();
      const page = await paged(query, queries.noticePage(db, { status: query.status, now }));
      return { total: page.total, rows: page.rows.map((row) => view(row, now)) };
    },

    create(audit: Audit, input: NoticeInput) {
      const now = clock.now();
      const fields = fieldsOf(input, now);
      return inTransaction(db, async (tx) => {
        const row = await queries.insertNotice(tx, fields);
        await audit(tx, {
          action: 'notices.create',
          target: `notice:${row.id}`,
          before: null,
          after: auditView(row, now),
        });
        return view(row, now);
      });
    },

    update(audit: Audit, id: string, input: NoticeInput & { version: number }) {
      const now = clock.now();
      const fields = fieldsOf(input, now);
      return inTransaction(db, async (tx) => {
        const before = await lockExisting(tx, id);
        if (statusOf(before, now) !== 'scheduled') {
          throw new AppError('conflict', { messageKey: 'notices.notScheduled', params: { id }, field: 'id' });
        }
        const after = await change(tx, { id: before.id, version: input.version }, fields);
        await audit(tx, {
          action: 'notices.update',
          target: `notice:${id}`,
          before: auditView(before, now),
          after: auditView(after, now),
        });
        return view(after, now);
      });
    },

    withdraw(audit: Audit, id: string, version: number) {
      const now = clock.now();
      return inTransaction(db, async (tx) => {
        const before = await lockExisting(tx, id);
        if (before.withdrawnAt) {
          throw new AppError('conflict', { messageKey: 'notices.alreadyWithdrawn', params: { id }, field: 'id' });
        }
        const after = await change(tx, { id: before.id, version }, { withdrawnAt: now });
        await audit(tx, {
          action: 'notices.withdraw',
          target: `notice:${id}`,
          before: auditView(before, now),
          after: auditView(after, now),
        });
        return view(after, now);
      });
    },
  };
}

export type NoticesAdminService = ReturnType<typeof noticesAdminService>;
