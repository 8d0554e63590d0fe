import { randomInt } from 'node:crypto';
import { inTransaction } from '../../src/db/transaction.js';
import { sessionService } from '../../src/modules/auth/index.js';
import { createAccount, type NewAccount } from '../../src/modules/users/index.js';
import type { TestApp } from '../helpers/build-test-app.js';

/**
 * A user created the way registration creates one (the `user` role, a welcome notice, the inviter recorded), signed
 * in: what the console holds after registering.
 */
export async function registerSignedInUser(t: TestApp, account: NewAccount = {}) {
  const suffix = String(randomInt(100_000_000)).padStart(9, '0');
  const userId = await inTransaction(t.db, (tx) =>
    createAccount(tx, { phone: `13${suffix}`, email: `user-${suffix}@example.com`, ...account }),
  );
  const { token } = await sessionService(t.clock).create(t.db, userId);
  return { userId, token };
}
