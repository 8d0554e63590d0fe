import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, moneyColumn } from '../../db/columns.js';

export type HostState = 'active' | 'draining' | 'broken';
/** Whom a row follows (decision 0037): the fleet configuration at every start, or the operators once one changed it. */
export type ManagedBy = 'configuration' | 'operator';

export const regions = pgTable('regions', {
  id: text('id').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull(),
  managedBy: text('managed_by').$type<ManagedBy>().notNull().default('configuration'),
  version: integer('version').notNull().default(1),
});

export const hosts = pgTable('hosts', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  regionId: text('region_id').notNull(),
  name: text('name').notNull(),
  simulated: boolean('simulated').notNull(),
  state: text('state').$type<HostState>().notNull().default('active'),
  managedBy: text('managed_by').$type<ManagedBy>().notNull().default('configuration'),
  version: integer('version').notNull().default(1),
});

export const gpus = pgTable('gpus', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  hostId: id('host_id').notNull(),
  model: text('model').notNull(),
  gpuIndex: integer('gpu_index').notNull(),
  applicationId: id('application_id'),
  broken: boolean('broken').notNull().default(false),
  version: integer('version').notNull().default(1),
});

export const gpuModels = pgTable('gpu_models', {
  model: text('model').primaryKey(),
  memoryGb: integer('memory_gb').notNull(),
  hourlyPriceUnits: moneyColumn('hourly_price_units').notNull(),
  educationHourlyPriceUnits: moneyColumn('education_hourly_price_units'),
  sort: integer('sort').notNull(),
  managedBy: text('managed_by').$type<ManagedBy>().notNull().default('configuration'),
  version: integer('version').notNull().default(1),
});

export const durationDiscounts = pgTable('duration_discounts', {
  billingMode: text('billing_mode').$type<'day' | 'week' | 'month' | 'year'>().primaryKey(),
  basisPoints: integer('basis_points').notNull(),
  managedBy: text('managed_by').$type<ManagedBy>().notNull().default('configuration'),
  version: integer('version').notNull().default(1),
});
