import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '../../src/db/client.js';
import { isLockNotAvailable } from '../../src/db/errors.js';
import { lockName, lockRow, lockRows, tryLockName, whileHoldingName } from '../../src/db/locks.js';
import { inTransaction } from '../../src/db/transaction.js';
import { untilSomeoneWaitsForALock } from '../helpers/lock-waits.js';
import { createScratchTables, insertItems, scratchItems } from '../helpers/scratch-tables.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// Real PostgreSQL only: PGlite is one session, where no lock ever waits (ARCHITECTURE §4).
let testDatabase: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  await createScratchTables(db);
});
afterAll(() => testDatabase.drop());

/** Opens a transaction that runs `work`, then stays open until `release()`; `ready` resolves once the work is done. */
function holdTransaction(work: (tx: Tx) => Promise<unknown>) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const done = inTransaction(db, async (tx) => {
    await work(tx);
    markReady();
    await released;
  });
  return { ready, release, done };
}

const hitsOf = async (id: bigint) =>
  (await db.select({ hits: scratchItems.hits }).from(scratchItems).where(eq(scratchItems.id, id)))[0]!.hits;

describe('row locks on PostgreSQL', () => {
  it('make a second locker wait for the holder, then see what the holder committed', async () => {
    const [id] = await insertItems(db, { count: 1, ownerId: 1n, prefix: 'wait' });
    const holder = holdTransaction(async (tx) => {
      await lockRow(tx, scratchItems, { id });
      await tx.update(scratchItems).set({ hits: 7 }).where(eq(scratchItems.id, id!));
    });
    await holder.ready;
    const second = inTransaction(db, async (tx) => (await lockRow(tx, scratchItems, { id }))?.hits);
    await untilSomeoneWaitsForALock(db);
    holder.release();
    await holder.done;
    expect(await second).toBe(7);
  });

  it('skip held rows with skip-locked, and fail at once with nowait', async () => {
    const ids = await insertItems(db, { count: 4, ownerId: 2n, prefix: 'skip' });
    const holder = holdTransaction((tx) =>
      lockRows(tx, scratchItems, { where: eq(scratchItems.ownerId, 2n), limit: 2 }),
    );
    await holder.ready;
    const free = await inTransaction(db, (tx) =>
      lockRows(tx, scratchItems, { where: eq(scratchItems.ownerId, 2n), mode: 'skip-locked' }),
    );
    expect(free.map((row) => row.id)).toEqual(ids.slice(2));
    expect(await inTransaction(db, (tx) => lockRow(tx, scratchItems, { id: ids[0], mode: 'skip-locked' }))).toBeNull();
    const refused = inTransaction(db, (tx) => lockRow(tx, scratchItems, { id: ids[0], mode: 'nowait' }));
    await expect(refused).rejects.toSatisfy(isLockNotAvailable);
    holder.release();
    await holder.done;
    expect(await hitsOf(ids[0]!)).toBe(0);
  });
});

describe('advisory locks on PostgreSQL', () => {
  it('serialise transactions that take the same name, and leave other names free', async () => {
    const holder = holdTransaction((tx) => lockName(tx, 'wallet:42'));
    await holder.ready;
    expect(await inTransaction(db, (tx) => tryLockName(tx, 'wallet:42'))).toBe(false);
    expect(await inTransaction(db, (tx) => tryLockName(tx, 'wallet:43'))).toBe(true);
    const order: string[] = [];
    const second = inTransaction(db, async (tx) => {
      await lockName(tx, 'wallet:42');
      order.push('second has it');
    });
    await untilSomeoneWaitsForALock(db);
    order.push('holder ends');
    holder.release();
    await Promise.all([holder.done, second]);
    expect(order).toEqual(['holder ends', 'second has it']);
  });

  it('held for a piece of work, let one holder in at a time and free the name when the work fails', async () => {
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await sleep(20);
      inside -= 1;
    };
    await Promise.all(Array.from({ length: 4 }, () => whileHoldingName(testDatabase.database, 'settlement', work)));
    expect(most).toBe(1);

    const failing = whileHoldingName(testDatabase.database, 'settlement', async () => {
      throw new Error('provider down');
    });
    await expect(failing).rejects.toThrow('provider down');
    expect(await inTransaction(db, (tx) => tryLockName(tx, 'settlement'))).toBe(true);
  });
});
