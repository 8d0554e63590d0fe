import { bigint, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, id, userIdColumn } from '../../db/columns.js';

/** The model center (migration 0045): types, models and who likes which. */
export const modelTypes = pgTable('model_types', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const trainedModels = pgTable('trained_models', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  modelKey: text('model_key').notNull(),
  typeId: id('type_id').notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  summaryEn: text('summary_en').notNull(),
  summaryZh: text('summary_zh').notNull(),
  introductionEn: text('introduction_en').notNull().default(''),
  introductionZh: text('introduction_zh').notNull().default(''),
  version: text('version').notNull(),
  baseModel: text('base_model'),
  licence: text('licence').notNull(),
  source: text('source').notNull(),
  sourceUrl: text('source_url').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  likeCount: integer('like_count').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  /** Hidden by an operator: gone from the model center (migration 0057). */
  hidden: boolean('hidden').notNull().default(false),
  /** What an operator's change compares and sets (`version` is the model's own). */
  revision: integer('revision').notNull().default(1),
});

export const modelLikes = pgTable(
  'model_likes',
  {
    userId: userIdColumn(),
    modelId: id('model_id').notNull(),
    likedAt: at('liked_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.modelId] })],
);
