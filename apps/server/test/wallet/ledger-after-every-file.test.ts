import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-test-app.js';
import { createUser } from '../helpers/factories.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { fund } from '../helpers/wallets.js';

// Every test file's database is checked as `npm run ledger:check` would when the file drops it: here, that the check
// passes on money moved through the wallet and refuses a balance changed behind the ledger.
describe('the ledger check at the end of every test file', () => {
  it('lets a database go whose money moved through the wallet', async () => {
    const testDatabase = await createTestDatabase();
    const t = await buildTestApp({}, { testDatabase });
    await fund(t, await createUser(t), '12.34');
    await t.close();

    await expect(testDatabase.drop()).resolves.toBeUndefined();
  });

  it('fails the file whose database holds a balance the ledger does not explain', async () => {
    const testDatabase = await createTestDatabase();
    const t = await buildTestApp({}, { testDatabase });
    await fund(t, await createUser(t), '12.34');
    await t.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 100
                           WHERE id = (SELECT min(id) FROM ledger_accounts WHERE kind = 'balance')`);
    await t.close();

    await expect(testDatabase.drop()).rejects.toThrow(/ledger check fails on what this file left: .*balance/);
  });
});
