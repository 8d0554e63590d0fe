import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.js';

export const regions = pgTable('regions', {
  id: text('id').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull(),
});

export const hosts = pgTable('hosts', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  regionId: text('region_id').notNull(),
  name: text('name').notNull(),
  simulated: boolean('simulated').notNull(),
});

export const gpus = pgTable('gpus', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  hostId: id('host_id').notNull(),
  model: text('model').notNull(),
  gpuIndex: integer('gpu_index').notNull(),
  applicationId: id('application_id'),
});
