import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/db/client.js';
import { id } from '../../src/db/columns.js';
import { queryRows } from '../../src/db/sql.js';

/**
 * Tables of the tests of the shared mechanisms (locks, paging, batch jobs, idempotency): real rows in the test file's
 * own database, created by `createScratchTables`, so those mechanisms are tested on real SQL without a product table.
 */
export const scratchItems = pgTable('scratch_items', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  ownerId: bigint('owner_id', { mode: 'bigint' }).notNull(),
  label: text('label').notNull(),
  hits: integer('hits').notNull(),
});

/** One row per effect a test's code applied; no unique constraint, so that a double effect shows as two rows. */
export const scratchEffects = pgTable('scratch_effects', {
  id: id().primaryKey().generatedAlwaysAsIdentity(),
  itemId: bigint('item_id', { mode: 'bigint' }).notNull(),
  period: text('period').notNull(),
  worker: text('worker').notNull(),
});

export async function createScratchTables(db: Db) {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS scratch_items (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      owner_id bigint NOT NULL,
      label text NOT NULL UNIQUE,
      hits integer NOT NULL DEFAULT 0
    )`);
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS scratch_effects (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      item_id bigint NOT NULL,
      period text NOT NULL,
      worker text NOT NULL
    )`);
}

/** Inserts `count` items of one owner labelled `<prefix>-1`…; returns their ids in order. */
export async function insertItems(db: Db, options: { count: number; ownerId: bigint; prefix: string }) {
  const rows = await queryRows<{ id: bigint | string }>(
    db,
    sql`INSERT INTO scratch_items (owner_id, label)
        SELECT ${options.ownerId.toString()}::bigint, ${options.prefix} || '-' || n
        FROM generate_series(1, ${options.count}::int) AS n
        RETURNING id`,
  );
  // Raw int8 comes back as bigint from PGlite but as text through drizzle's node-postgres session.
  return rows.map((row) => BigInt(row.id));
}
