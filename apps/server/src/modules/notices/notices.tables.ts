import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, id, userIdColumn } from '../../db/columns.js';

export const informs = pgTable('informs', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  kind: text('kind').notNull(),
  params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
  createdAt: at('created_at').notNull(),
  readAt: at('read_at'),
  deletedAt: at('deleted_at'),
});

/** Each user's notice counts (migration 0007): folded from informCountChanges by the job, read with them. */
export const informCounts = pgTable('inform_counts', {
  userId: userIdColumn().primaryKey(),
  total: integer('total').notNull(),
  unread: integer('unread').notNull(),
});

/** Changes to the counts not folded in yet, written by triggers on informs (migration 0007). */
export const informCountChanges = pgTable('inform_count_changes', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  total: integer('total').notNull(),
  unread: integer('unread').notNull(),
});

export const notices = pgTable('notices', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  contentZh: text('content_zh').notNull(),
  contentEn: text('content_en').notNull(),
  publishedAt: at('published_at').notNull(),
  /** Taken from every user's list by an operator (migration 0059). */
  withdrawnAt: at('withdrawn_at'),
  /** What an operator's change compares and sets (migration 0059). */
  version: integer('version').notNull().default(1),
});

export type NoticeTableRow = typeof notices.$inferSelect;

export const noticeReads = pgTable(
  'notice_reads',
  {
    userId: userIdColumn(),
    noticeId: id('notice_id').notNull(),
    readAt: at('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.noticeId] })],
);
