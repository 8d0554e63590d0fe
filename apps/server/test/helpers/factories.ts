import { randomInt } from 'node:crypto';
import type { Executor } from '../../src/db/client.js';
import type { Clock } from '../../src/jobs/clock.js';
import { sessionService } from '../../src/modules/auth/index.js';
import { insertUser } from '../../src/modules/users/index.js';

/** A user with a unique phone and e-mail; shared by tests (STYLE habit 8). */
export async function createUser(db: Executor, overrides: { nickName?: string; phone?: string; email?: string } = {}) {
  const suffix = String(randomInt(100_000_000)).padStart(9, '0');
  return insertUser(db, {
    nickName: overrides.nickName ?? `user-${suffix}`,
    phone: overrides.phone ?? `13${suffix}`,
    email: overrides.email ?? `user-${suffix}@example.com`,
  });
}

/** A signed-in user: the token the console would hold after login. */
export async function createSignedInUser(db: Executor, clock: Clock) {
  const userId = await createUser(db);
  const { token, sessionId } = await sessionService(clock).create(db, userId);
  return { userId, token, sessionId };
}
