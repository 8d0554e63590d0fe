import { bigint, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { workspaceTransfers as contract } from '@suanli/contract';
import { at, id, userIdColumn } from '../../db/columns.js';

/** Where a copied file's bytes come from: a registry of sources given at composition (compose-modules.ts). */
export type SourceKind = 'objects' | 'models';

export interface TransferItem {
  /** Relative to the data disk. */
  path: string;
  size: number;
  source: { kind: SourceKind; key: string };
}

/** Why a copy failed, as a contract message key, shown in the reader's language. */
export interface TransferFailure {
  key: string;
  params: Record<string, string>;
}

/** Copies onto applications' data disks (migration 0045, docs/decisions/0027). */
export const workspaceTransfers = pgTable('workspace_transfers', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  userId: userIdColumn(),
  applicationId: id('application_id').notNull(),
  kind: text('kind').$type<contract.TransferKind>().notNull(),
  label: text('label').notNull(),
  directory: text('directory').notNull(),
  items: jsonb('items').$type<TransferItem[]>().notNull(),
  bytesDone: bigint('bytes_done', { mode: 'number' }).notNull().default(0),
  bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull(),
  state: text('state').$type<contract.TransferState>().notNull(),
  failure: jsonb('failure').$type<TransferFailure>(),
  attempts: integer('attempts').notNull().default(0),
  leaseUntil: at('lease_until'),
  createdAt: at('created_at').notNull(),
  startedAt: at('started_at'),
  finishedAt: at('finished_at'),
});

export type TransferRow = typeof workspaceTransfers.$inferSelect;
