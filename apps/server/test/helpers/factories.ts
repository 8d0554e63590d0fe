import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { inTransaction } from '../../src/db/transaction.js';
import type { NewAccount } from '../../src/modules/users/index.js';

/** What the factories need: the database and the app's module services (a TestApp has both). */
export interface Arrange {
  db: Db;
  services: FastifyInstance['services'];
}

/**
 * A user created the way registration creates one (the `user` role, a welcome notice, the inviter recorded), with a
 * unique phone and e-mail unless the overrides say otherwise; shared by tests (STYLE habit 8).
 */
export async function createUser({ db, services }: Arrange, overrides: NewAccount = {}) {
  const suffix = String(randomInt(100_000_000)).padStart(9, '0');
  return inTransaction(db, (tx) =>
    services.users.createAccount(tx, { phone: `13${suffix}`, email: `user-${suffix}@example.com`, ...overrides }),
  );
}

/** A signed-in user: the token the console would hold after login. */
export async function createSignedInUser(arrange: Arrange, overrides: NewAccount = {}) {
  const userId = await createUser(arrange, overrides);
  const { token, sessionId } = await arrange.services.sessions.create(arrange.db, userId);
  return { userId, token, sessionId };
}
