import { randomInt } from 'node:crypto';
import type { Db } from '../../src/db/client.js';
import { inTransaction } from '../../src/db/transaction.js';
import type { Clock } from '../../src/jobs/clock.js';
import { sessionService } from '../../src/modules/auth/index.js';
import { createAccount, type NewAccount } from '../../src/modules/users/index.js';

/**
 * A user created the way registration creates one (the `user` role, a welcome notice, the inviter recorded), with a
 * unique phone and e-mail unless the overrides say otherwise; shared by tests (STYLE habit 8).
 */
export async function createUser(db: Db, overrides: NewAccount = {}) {
  const suffix = String(randomInt(100_000_000)).padStart(9, '0');
  return inTransaction(db, (tx) =>
    createAccount(tx, { phone: `13${suffix}`, email: `user-${suffix}@example.com`, ...overrides }),
  );
}

/** A signed-in user: the token the console would hold after login. */
export async function createSignedInUser(db: Db, clock: Clock, overrides: NewAccount = {}) {
  const userId = await createUser(db, overrides);
  const { token, sessionId } = await sessionService(clock).create(db, userId);
  return { userId, token, sessionId };
}
