import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { advisoryKey, lockName, lockRow, lockRows, tryLockName, whileHoldingName } from '../../src/db/locks.js';
import { inTransaction } from '../../src/db/transaction.js';
import { createScratchTables, insertItems, scratchItems } from '../helpers/scratch-tables.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let testDatabase: TestDatabase;
let db: Db;
let ids: bigint[];
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await createScratchTables(db);
  ids = await insertItems(db, { count: 5, ownerId: 1n, prefix: 'lock' });
});
afterAll(() => testDatabase.drop());

describe('row locks', () => {
  it('lock a row by id and owner, and find nothing for another owner or an unknown id', async () => {
    await inTransaction(db, async (tx) => {
      const row = await lockRow(tx, scratchItems, { id: ids[0], where: eq(scratchItems.ownerId, 1n) });
      expect(row).toMatchObject({ id: ids[0], ownerId: 1n, label: 'lock-1' });
      expect(await lockRow(tx, scratchItems, { id: ids[0], where: eq(scratchItems.ownerId, 2n) })).toBeNull();
      expect(await lockRow(tx, scratchItems, { id: 987_654_321n })).toBeNull();
    });
  });

  it('lock several rows in id order, at most as many as asked', async () => {
    const rows = await inTransaction(db, (tx) =>
      lockRows(tx, scratchItems, { where: eq(scratchItems.ownerId, 1n), limit: 3, mode: 'skip-locked' }),
    );
    expect(rows.map((row) => row.id)).toEqual(ids.slice(0, 3));
  });

  it('are refused by the compiler outside a transaction', async () => {
    // @ts-expect-error a row lock outlives nothing without a transaction, so the plain handle is refused
    await expect(lockRow(db, scratchItems, { id: ids[0] })).resolves.toMatchObject({ id: ids[0] });
  });
});

describe('advisory locks', () => {
  it('key a name by a stable signed 64-bit hash', () => {
    expect(advisoryKey('billing.tick')).toBe(advisoryKey('billing.tick'));
    expect(advisoryKey('billing.tick')).not.toBe(advisoryKey('billing.tock'));
    expect(advisoryKey('x')).toBe(0x2d711642b726b044n);
    expect(advisoryKey('any name') >= -(2n ** 63n) && advisoryKey('any name') < 2n ** 63n).toBe(true);
  });

  it('are taken for the transaction, or for as long as the work runs', async () => {
    await inTransaction(db, async (tx) => {
      await lockName(tx, 'wallet:1');
      expect(await tryLockName(tx, 'wallet:2')).toBe(true);
    });
    expect(await whileHoldingName(testDatabase.database, 'migrations', async () => 'done')).toBe('done');
  });
});
