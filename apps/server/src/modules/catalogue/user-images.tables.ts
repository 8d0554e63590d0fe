import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, byDatabase, id, moneyColumn } from '../../db/columns.js';
import type { UserId } from '../../db/ids.js';

export type UserImageState = 'uploading' | 'complete' | 'failed';
export type ReviewState = 'pending' | 'published' | 'rejected';

/** An application's data disk saved as an archive on top of the catalogue image it ran (migration 0044). */
export const userImages = pgTable('user_images', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  ownerId: id('owner_id').$type<UserId>().notNull(),
  baseImageId: id('base_image_id').notNull(),
  name: text('name').notNull(),
  remark: text('remark').notNull().default(''),
  state: text('state').$type<UserImageState>().notNull(),
  progress: integer('progress').notNull().default(0),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
  archiveKey: text('archive_key').notNull(),
  failureReason: text('failure_reason'),
  sourceApplicationId: id('source_application_id').notNull(),
  createdAt: at('created_at').notNull(),
  completedAt: at('completed_at'),
});

export type UserImageRow = typeof userImages.$inferSelect;

/** Per owner: the order image storage is charged to, and what the daily settlement carries as owed. */
export const imageStorageAccounts = pgTable('image_storage_accounts', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  ownerId: id('owner_id').$type<UserId>().notNull(),
  orderNo: text('order_no').notNull(),
  arrearsUnits: moneyColumn('arrears_units').notNull().default(byDatabase),
  billedThrough: at('billed_through'),
});

export const imageShares = pgTable('image_shares', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  imageId: id('image_id').notNull(),
  receiverId: id('receiver_id').$type<UserId>().notNull(),
  receiverPhone: text('receiver_phone').notNull(),
  sharedAt: at('shared_at').notNull(),
  canceledAt: at('canceled_at'),
});

export const imageSubmissions = pgTable('image_submissions', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  imageId: id('image_id').notNull(),
  submittedAt: at('submitted_at').notNull(),
  reviewState: text('review_state').$type<ReviewState>().notNull(),
  reviewerId: id('reviewer_id').$type<UserId>(),
  reviewedAt: at('reviewed_at'),
  reason: text('reason'),
  publishedImageId: id('published_image_id'),
});
