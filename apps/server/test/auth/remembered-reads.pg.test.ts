import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, secondInstance, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// Two servers on one PostgreSQL: each remembers the sessions it has seen and what each role may do, and must hear of a
// session ended on the other (migration 0008) and of a role's permissions changed (migration 0009). Real PostgreSQL
// only: PGlite has one server by construction.
let testDatabase: TestDatabase;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  a = await buildTestApp({}, { testDatabase });
  b = await secondInstance(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
  await testDatabase.drop();
});

const verified = (server: TestApp, token: string) =>
  server.request({ method: 'POST', url: '/api/system/user/getVerified', token });
const logout = (server: TestApp, token: string) => server.request({ method: 'DELETE', url: '/api/auth/logout', token });

/** The connections listening on this database (one per server and channel), or on one channel. */
async function listeners(channel = '%') {
  const [row] = await queryRows<{ listeners: number }>(
    a.db,
    sql`SELECT count(*)::int AS listeners FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE ${`LISTEN "${channel}"`}`,
  );
  return row!.listeners;
}

/** Waits until both servers listen on a channel: until then each asks the database on every request anyway. */
async function listenersOnline(channel = 'session_ended') {
  await expect.poll(() => listeners(channel), { timeout: 10_000 }).toBe(2);
}

describe('sessions remembered by two servers', () => {
  it('refuse a token on one server as soon as the other logged it out', async () => {
    await listenersOnline();
    const { token } = await createSignedInUser(a);
    expect((await verified(b, token)).statusCode).toBe(200);
    expect((await verified(b, token)).statusCode).toBe(200);

    expect((await logout(a, token)).json()).toMatchObject({ code: 200 });
    await expect.poll(async () => (await verified(b, token)).statusCode, { timeout: 2_000 }).toBe(401);
  });

  it('refuse a token whose user was deleted, even when the other server remembers it', async () => {
    await listenersOnline();
    const { token, userId } = await createSignedInUser(a);
    expect((await verified(b, token)).statusCode).toBe(200);
    await a.db.execute(sql`DELETE FROM users WHERE id = ${userId}`);
    await expect.poll(async () => (await verified(b, token)).statusCode, { timeout: 2_000 }).toBe(401);
  });

  it('ask the database while its listener is gone, so an end it could not hear still counts', async () => {
    await listenersOnline();
    const { token, userId } = await createSignedInUser(a);
    expect((await verified(b, token)).statusCode).toBe(200);

    // Cut every listener, then end the session while nobody listens: no notification reaches anyone.
    await a.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                           WHERE datname = current_database() AND query ILIKE 'LISTEN%'`);
    await expect.poll(() => listeners()).toBe(0);
    await a.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${userId}`);
    expect((await verified(b, token)).statusCode).toBe(401);
    // Both listeners come back, and the servers still refuse the token.
    await listenersOnline();
    expect((await verified(b, token)).statusCode).toBe(401);
  });
});

describe('role permissions remembered by two servers', () => {
  const walletActions = async (server: TestApp, token: string) => {
    const { permissions } = (await server.request({ method: 'GET', url: '/api/auth/user/getUserInfo', token })).json()
      .data;
    return permissions.find((entry: { permissionId: string }) => entry.permissionId === 'wallet')?.actionList;
  };

  it('show a change made on the other server at once', async () => {
    await listenersOnline('role_permissions_changed');
    const { token } = await createSignedInUser(a);
    expect(await walletActions(b, token)).toEqual(['query', 'add', 'edit', 'delete', 'export']);

    await a.db.execute(sql`UPDATE role_permissions SET actions = ARRAY['query']
                           WHERE role_key = 'user' AND permission_id = 'wallet'`);
    await expect.poll(() => walletActions(b, token), { timeout: 2_000 }).toEqual(['query']);
    await a.db.execute(sql`UPDATE role_permissions SET actions = ARRAY['query', 'add', 'edit', 'delete', 'export']
                           WHERE role_key = 'user' AND permission_id = 'wallet'`);
    await expect.poll(() => walletActions(b, token), { timeout: 2_000 }).toHaveLength(5);
  });
});
