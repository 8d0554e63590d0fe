import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { claimOnce } from '../../src/db/processed-keys.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { createScratchTables, insertItems } from '../helpers/scratch-tables.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// Real PostgreSQL only: on PGlite deliveries never overlap (ARCHITECTURE §4).
let testDatabase: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await createScratchTables(db);
});
afterAll(() => testDatabase.drop());

describe('claimOnce under concurrent deliveries', () => {
  it('lets exactly one of 10 simultaneous deliveries apply its effect', async () => {
    const [itemId] = await insertItems(db, { count: 1, ownerId: 1n, prefix: 'credit' });
    const deliver = () =>
      inTransaction(db, async (tx) => {
        if (!(await claimOnce(tx, { scope: 'payments.notification', key: 'order-77' }))) {
          return false;
        }
        // Hold the key a moment, so the other deliveries arrive while it is not yet committed.
        await sleep(30);
        await tx.execute(sql`UPDATE scratch_items SET hits = hits + 1 WHERE id = ${itemId}`);
        return true;
      });
    const applied = await Promise.all(Array.from({ length: 10 }, deliver));
    expect(applied.filter(Boolean)).toHaveLength(1);
    const [row] = await queryRows<{ hits: number }>(db, sql`SELECT hits FROM scratch_items WHERE id = ${itemId}`);
    expect(row).toEqual({ hits: 1 });
  });
});
