import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { createScratchTables, insertItems } from '../helpers/scratch-tables.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// Real PostgreSQL only: PGlite runs one transaction at a time, so nothing there ever conflicts (ARCHITECTURE §4).
let testDatabase: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await createScratchTables(db);
});
afterAll(() => testDatabase.drop());

/** Resolves once `parties` callers have arrived; later arrivals (a retry) pass straight through. */
function barrier(parties: number) {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived >= parties) {
      open();
    }
    return opened;
  };
}

describe('inTransaction on PostgreSQL', () => {
  it('commits two conflicting serializable transactions, the loser through a retry', async () => {
    const bothRead = barrier(2);
    let runs = 0;
    // Each counts the owner's items, then adds one carrying the count it saw: only a serial order is allowed.
    const addCounted = (name: string) =>
      inTransaction(
        db,
        async (tx) => {
          runs += 1;
          const [seen] = await queryRows<{ n: number }>(
            tx,
            sql`SELECT count(*)::int AS n FROM scratch_items WHERE owner_id = 10`,
          );
          await bothRead();
          await tx.execute(sql`INSERT INTO scratch_items (owner_id, label) VALUES (10, ${`${name}-saw-${seen!.n}`})`);
        },
        { isolation: 'serializable' },
      );
    await Promise.all([addCounted('a'), addCounted('b')]);

    expect(runs).toBe(3);
    const rows = await queryRows<{ label: string }>(db, sql`SELECT label FROM scratch_items WHERE owner_id = 10`);
    expect(rows.map((row) => row.label.replace(/^[ab]-/, '')).sort()).toEqual(['saw-0', 'saw-1']);
  });

  it('retries the victim of a deadlock, and both transactions commit', async () => {
    const [first, second] = await insertItems(db, { count: 2, ownerId: 20n, prefix: 'deadlock' });
    const bothLockedOne = barrier(2);
    let runs = 0;
    const bump = (tx: Tx, id: bigint) => tx.execute(sql`UPDATE scratch_items SET hits = hits + 1 WHERE id = ${id}`);
    const crosswise = (one: bigint, other: bigint) =>
      inTransaction(db, async (tx) => {
        runs += 1;
        await bump(tx, one);
        await bothLockedOne();
        await bump(tx, other);
      });
    await Promise.all([crosswise(first!, second!), crosswise(second!, first!)]);

    expect(runs).toBe(3);
    const rows = await queryRows<{ hits: number }>(db, sql`SELECT hits FROM scratch_items WHERE owner_id = 20`);
    expect(rows).toEqual([{ hits: 2 }, { hits: 2 }]);
  });
});
