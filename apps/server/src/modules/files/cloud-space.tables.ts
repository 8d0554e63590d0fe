import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, moneyColumn, userIdColumn } from '../../db/columns.js';

const bytes = (name: string) => bigint(name, { mode: 'number' });

export const cloudEntries = pgTable('cloud_space_entries', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  folder: text('folder').notNull(),
  name: text('name').notNull(),
  kind: text('kind').$type<'folder' | 'file'>().notNull(),
  size: bytes('size').notNull().default(byDatabase),
  objectKey: text('object_key').unique(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const cloudUploads = pgTable('cloud_space_uploads', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  objectKey: text('object_key').notNull().unique(),
  folder: text('folder').notNull(),
  name: text('name').notNull(),
  size: bytes('size').notNull(),
  multipartId: text('multipart_id'),
  partSize: bytes('part_size'),
  createdAt: at('created_at').notNull(),
});

export type WipeReason = 'arrears' | 'inactive';

export const cloudUsage = pgTable('cloud_space_usage', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn().unique(),
  usedBytes: bytes('used_bytes').notNull().default(byDatabase),
  arrearsUnits: moneyColumn('arrears_units').notNull().default(byDatabase),
  wipeReason: text('wipe_reason').$type<WipeReason>(),
  wipeAt: at('wipe_at'),
});

export const cloudDays = pgTable(
  'cloud_space_days',
  {
    userId: userIdColumn(),
    day: text('day').notNull(),
    startBytes: bytes('start_bytes').notNull(),
    peakBytes: bytes('peak_bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

export const cloudWipes = pgTable('cloud_space_wipes', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  reason: text('reason').$type<WipeReason>().notNull(),
  bytes: bytes('bytes').notNull(),
  wipedAt: at('wiped_at').notNull(),
});
