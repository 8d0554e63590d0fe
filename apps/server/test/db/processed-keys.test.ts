import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { claimOnce, purgeProcessedKeys } from '../../src/db/processed-keys.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let testDatabase: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(() => testDatabase.drop());

const keysOf = async (scope: string) =>
  (await queryRows<{ key: string }>(db, sql`SELECT key FROM processed_keys WHERE scope = ${scope} ORDER BY key`)).map(
    (row) => row.key,
  );

describe('claimOnce', () => {
  it('is true for the first delivery of a key only, within its scope', async () => {
    const deliver = (scope: string, key: string) => inTransaction(db, (tx) => claimOnce(tx, { scope, key }));
    expect(await deliver('payments.notification', 'wx-4200001')).toBe(true);
    expect(await deliver('payments.notification', 'wx-4200001')).toBe(false);
    expect(await deliver('redeem', 'wx-4200001')).toBe(true);
  });

  it('gives the key back when the effect it guards rolls back', async () => {
    const failing = inTransaction(db, async (tx) => {
      expect(await claimOnce(tx, { scope: 'reward', key: 'invite-7' })).toBe(true);
      throw new Error('the credit failed');
    });
    await expect(failing).rejects.toThrow('the credit failed');
    expect(await keysOf('reward')).toEqual([]);
    expect(await inTransaction(db, (tx) => claimOnce(tx, { scope: 'reward', key: 'invite-7' }))).toBe(true);
  });

  it('keeps keys without an expiry for ever, and forgets the others once their time has passed', async () => {
    const now = new Date('2026-11-21T00:00:00Z');
    await inTransaction(db, async (tx) => {
      await claimOnce(tx, { scope: 'purge', key: 'forever' });
      await claimOnce(tx, { scope: 'purge', key: 'old', expiresAt: new Date(now.getTime() - 1) });
      await claimOnce(tx, { scope: 'purge', key: 'young', expiresAt: new Date(now.getTime() + 60_000) });
    });
    expect(await purgeProcessedKeys(db, now)).toBe(1);
    expect(await keysOf('purge')).toEqual(['forever', 'young']);
  });
});
