import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { catalogue } from '@suanli/contract';
import { at, byDatabase, id, moneyColumn, userIdColumn } from '../../db/columns.js';
import type { UserId } from '../../db/ids.js';

export const imageTypes = pgTable('image_types', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
  /** Hidden by an operator: neither the type nor its images show in the catalogue or can be rented (migration 0057). */
  hidden: boolean('hidden').notNull().default(false),
  /** What an operator's change compares and sets. */
  version: integer('version').notNull().default(1),
});

export const applicationImages = pgTable('application_images', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').$type<'official' | 'community'>().notNull(),
  ownerId: id('owner_id').$type<UserId>(),
  name: text('name').notNull(),
  summaryZh: text('summary_zh').notNull(),
  summaryEn: text('summary_en').notNull(),
  introductionZh: text('introduction_zh').notNull().default(''),
  introductionEn: text('introduction_en').notNull().default(''),
  typeId: id('type_id').notNull(),
  banner: boolean('banner').notNull().default(false),
  bannerOrder: integer('banner_order'),
  minGpuMemoryGb: integer('min_gpu_memory_gb').notNull().default(0),
  links: jsonb('links').$type<catalogue.ImageLink[]>().notNull().default([]),
  likeCount: integer('like_count').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  /** A community image published from a saved image: the archive restored onto each new application's data disk. */
  archiveKey: text('archive_key'),
  /** What an hour of its use earns a community image's creator, before the platform's share (decision 0031). */
  creatorPricePerHour: moneyColumn('creator_price_per_hour').notNull().default(byDatabase),
  /** Hidden by an operator: gone from the catalogue and from renting; running applications carry on. */
  hidden: boolean('hidden').notNull().default(false),
  /** What an operator's change compares and sets. */
  version: integer('version').notNull().default(1),
});

export const applicationImageLikes = pgTable(
  'application_image_likes',
  {
    userId: userIdColumn(),
    imageId: id('image_id').notNull(),
    likedAt: at('liked_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.imageId] })],
);
