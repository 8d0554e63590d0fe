import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '../../src/db/client.js';
import { guardingCommits } from '../../src/db/commit-guard.js';
import { sqlState } from '../../src/db/errors.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { createScratchTables } from '../helpers/scratch-tables.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let testDatabase: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await createScratchTables(db);
});
afterAll(() => testDatabase.drop());

// A real error from the database with the SQLSTATE of a serialization failure, on either engine.
const failSerialization = (tx: Tx) =>
  tx.execute(sql`DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = 'serialization_failure'; END $$`);

const labels = async (prefix: string) =>
  (
    await queryRows<{ label: string }>(
      db,
      sql`SELECT label FROM scratch_items WHERE label LIKE ${`${prefix}%`} ORDER BY label`,
    )
  ).map((row) => row.label);

describe('inTransaction', () => {
  it('runs the work again after a serialization failure, at most 3 times unless told', async () => {
    let runs = 0;
    const failing = inTransaction(db, async (tx) => {
      runs += 1;
      await failSerialization(tx);
    });
    await expect(failing).rejects.toSatisfy((error) => sqlState(error) === '40001');
    expect(runs).toBe(3);

    runs = 0;
    const result = await inTransaction(
      db,
      async (tx) => {
        runs += 1;
        await tx.execute(sql`INSERT INTO scratch_items (owner_id, label) VALUES (1, ${`retry-${runs}`})`);
        if (runs < 5) {
          await failSerialization(tx);
        }
        return runs;
      },
      { attempts: 5 },
    );
    expect(result).toBe(5);
    expect(await labels('retry-')).toEqual(['retry-5']);
  });

  it('does not run the work again for an error that another attempt would repeat', async () => {
    await inTransaction(db, (tx) => tx.execute(sql`INSERT INTO scratch_items (owner_id, label) VALUES (1, 'taken')`));
    let runs = 0;
    const duplicate = inTransaction(db, async (tx) => {
      runs += 1;
      await tx.execute(sql`INSERT INTO scratch_items (owner_id, label) VALUES (1, 'taken')`);
    });
    await expect(duplicate).rejects.toSatisfy((error) => sqlState(error) === '23505');
    expect(runs).toBe(1);

    runs = 0;
    await expect(
      inTransaction(db, async () => {
        runs += 1;
        throw new Error('not a database error');
      }),
    ).rejects.toThrow('not a database error');
    expect(runs).toBe(1);
  });

  it('joins the transaction it is given in place, and only the outermost call retries', async () => {
    let outer = 0;
    let inner = 0;
    const nested = inTransaction(db, async (tx) => {
      outer += 1;
      const [own] = await queryRows<{ xid: string }>(tx, sql`SELECT txid_current()::text AS xid`);
      const [joined] = await inTransaction(tx, async (same) => {
        inner += 1;
        await same.execute(sql`INSERT INTO scratch_items (owner_id, label) VALUES (1, ${`nested-${outer}`})`);
        return queryRows<{ xid: string }>(same, sql`SELECT txid_current()::text AS xid`);
      });
      expect(joined).toEqual(own);
      await inTransaction(tx, failSerialization);
    });
    await expect(nested).rejects.toSatisfy((error) => sqlState(error) === '40001');
    expect({ outer, inner }).toEqual({ outer: 3, inner: 3 });
    expect(await labels('nested-')).toEqual([]);
  });

  it('runs at the isolation level it is asked for', async () => {
    const level = (options?: { isolation: 'serializable' }) =>
      inTransaction(
        db,
        async (tx) =>
          (await queryRows<{ level: string }>(tx, sql`SELECT current_setting('transaction_isolation') AS level`))[0]!
            .level,
        options,
      );
    expect(await level()).toBe('read committed');
    expect(await level({ isolation: 'serializable' })).toBe('serializable');
  });
});

describe('guardingCommits', () => {
  const insert = (label: string) => (tx: Tx) =>
    tx.execute(sql`INSERT INTO scratch_items (owner_id, label) VALUES (1, ${label})`);

  it('ends each outermost transaction the work begins with the guard, which commits with it or undoes it', async () => {
    let refuse = false;
    // What each guard saw: it runs last in the work's own transaction.
    const seen: number[] = [];
    const guard = async (tx: Tx) => {
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM scratch_items WHERE label LIKE 'guarded-%'`,
      );
      seen.push(row!.n);
      if (refuse) {
        throw new Error('key taken');
      }
    };
    let later: Promise<unknown> = Promise.resolve();
    await guardingCommits(guard, async () => {
      await inTransaction(db, async (tx) => {
        await insert('guarded-1')(tx);
        await inTransaction(tx, insert('guarded-2'));
      });
      refuse = true;
      await expect(inTransaction(db, insert('guarded-3'))).rejects.toThrow('key taken');
      // Work the guarded work leaves running commits once that work has returned, unguarded.
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => inTransaction(db, insert('guarded-4')));
    });
    await later;
    expect(seen).toEqual([2, 3]);
    expect(await labels('guarded-')).toEqual(['guarded-1', 'guarded-2', 'guarded-4']);
  });
});
