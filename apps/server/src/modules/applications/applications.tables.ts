import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { ApplicationStatus, applications, BillingMode } from '@suanli/contract';
import { at, byDatabase, id, moneyColumn, userIdColumn } from '../../db/columns.js';

export type Status = (typeof ApplicationStatus.values)[number];
export type DesiredState = (typeof applications.DESIRED_STATES)[number];

export const applicationsTable = pgTable('applications', {
  id: id().primaryKey().generatedByDefaultAsIdentity(),
  userId: userIdColumn(),
  appName: text('app_name').notNull(),
  imageId: id('image_id').notNull(),
  imageName: text('image_name').notNull(),
  gpuModel: text('gpu_model').notNull(),
  gpuCount: integer('gpu_count').notNull(),
  regionId: text('region_id').notNull(),
  hostId: id('host_id').notNull(),
  billingMode: text('billing_mode').$type<BillingMode>().notNull(),
  dataDiskGb: integer('data_disk_gb').notNull().default(0),
  desiredState: text('desired_state').$type<DesiredState>().notNull(),
  status: text('status').$type<Status>().notNull(),
  statusReason: text('status_reason'),
  pinnedAt: at('pinned_at'),
  createdAt: at('created_at').notNull(),
  orderNo: text('order_no').notNull(),
  hourlyPriceUnits: moneyColumn('hourly_price_units'),
  billedMinutes: integer('billed_minutes').notNull().default(0),
  billedThrough: at('billed_through'),
  spentUnits: moneyColumn('spent_units').notNull().default(byDatabase),
  termStartedAt: at('term_started_at'),
  termPaidUnits: moneyColumn('term_paid_units').notNull().default(byDatabase),
  refundedUnits: moneyColumn('refunded_units').notNull().default(byDatabase),
  diskArrearsUnits: moneyColumn('disk_arrears_units').notNull().default(byDatabase),
  diskArrearsNoticedAt: at('disk_arrears_noticed_at'),
  runningSince: at('running_since'),
  lastSeenRunningAt: at('last_seen_running_at'),
  stoppedAt: at('stopped_at'),
  expiresAt: at('expires_at'),
  timedStopAt: at('timed_stop_at'),
  destroyedAt: at('destroyed_at'),
  /** Created from a saved image: the archive its data disk is restored from before the first start. */
  restoreFrom: text('restore_from'),
});

export type ApplicationRow = typeof applicationsTable.$inferSelect;
