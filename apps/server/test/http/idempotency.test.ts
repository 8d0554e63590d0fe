import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { idempotencyPurgeJob } from '../../src/http/idempotency.jobs.js';
import { AdjustableClock } from '../../src/jobs/clock.js';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { createCreditsTable, creditsOf, Gate, registerCreditEndpoint } from '../helpers/idempotent-endpoint.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let testDatabase: TestDatabase;
let t: TestApp;
const clock = new AdjustableClock();
// Holds the one request that asks to be held.
const gate = new Gate();

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await createCreditsTable(testDatabase.database.db);
  const deps = { db: testDatabase.database.db, gate };
  t = await buildTestApp({}, { clock, testDatabase, extend: (app) => registerCreditEndpoint(app, deps) });
});
afterAll(async () => {
  await t.close();
  await testDatabase.drop();
});

interface Call {
  token: string;
  key?: string;
  body?: Record<string, unknown>;
  account?: string;
  locale?: 'zh-CN' | 'en-US';
}

const credit = ({ token, key, body = { amount: 5 }, account = 'main', locale }: Call) =>
  t.request({
    method: 'POST',
    url: `/api/test/credits/${account}`,
    token,
    ...(locale ? { locale } : {}),
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: body,
  });

const replayed = (response: { headers: Record<string, unknown> }) => response.headers['idempotent-replayed'] === 'true';

describe('an endpoint that declares idempotent', () => {
  it('replays the first answer to a retry with the same key and input, and acts once', async () => {
    const user = await createSignedInUser(t);
    const first = await credit({ token: user.token, key: 'order-0001', body: { amount: 5, note: 'x' } });
    const retry = await credit({ token: user.token, key: 'order-0001', body: { note: 'x', amount: 5 } });

    expect(first.statusCode).toBe(200);
    expect(replayed(first)).toBe(false);
    expect(retry.statusCode).toBe(200);
    expect(replayed(retry)).toBe(true);
    expect(retry.json()).toEqual(first.json());
    expect(await creditsOf(t.db, user.userId)).toBe(1);
  });

  it('refuses the same key with other input, in the caller’s language, without acting', async () => {
    const user = await createSignedInUser(t);
    await credit({ token: user.token, key: 'order-0002' });
    const otherAmount = await credit({ token: user.token, key: 'order-0002', body: { amount: 6 } });
    const otherAccount = await credit({ token: user.token, key: 'order-0002', account: 'spare', locale: 'en-US' });

    expect(otherAmount.statusCode).toBe(409);
    expect(otherAmount.json()).toMatchObject({ code: 409, msg: expect.stringContaining('Idempotency-Key 已用于') });
    expect(otherAccount.json()).toMatchObject({ code: 409, msg: expect.stringContaining('already used') });
    expect(await creditsOf(t.db, user.userId)).toBe(1);
  });

  it('keeps each user’s keys apart, and runs every call that carries no key', async () => {
    const one = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    await credit({ token: one.token, key: 'shared-key-1' });
    expect(replayed(await credit({ token: other.token, key: 'shared-key-1' }))).toBe(false);
    await credit({ token: one.token });
    await credit({ token: one.token });
    expect(await creditsOf(t.db, one.userId)).toBe(3);
    expect(await creditsOf(t.db, other.userId)).toBe(1);
  });

  it('refuses a malformed key and names the header', async () => {
    const user = await createSignedInUser(t);
    for (const key of ['short', 'has spaces in it', 'x'.repeat(129)]) {
      const response = await credit({ token: user.token, key, locale: 'en-US' });
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toMatchObject({ data: { field: 'idempotency-key' } });
    }
    expect(await creditsOf(t.db, user.userId)).toBe(0);
  });

  it('replays a refusal, but not a server error, whose retry runs again', async () => {
    const user = await createSignedInUser(t);
    await credit({ token: user.token, key: 'refused-01', body: { amount: -1 } });
    const refusal = await credit({ token: user.token, key: 'refused-01', body: { amount: -1 } });
    expect([refusal.statusCode, replayed(refusal)]).toEqual([422, true]);

    const failed = await credit({ token: user.token, key: 'failed-01', body: { amount: 500 } });
    const retried = await credit({ token: user.token, key: 'failed-01', body: { amount: 500 } });
    const again = await credit({ token: user.token, key: 'failed-01', body: { amount: 500 } });
    expect([failed.statusCode, retried.statusCode, replayed(retried)]).toEqual([500, 200, false]);
    expect([again.statusCode, replayed(again)]).toEqual([200, true]);
    expect(await creditsOf(t.db, user.userId)).toBe(1);
  });

  it('never runs again work that committed under a first attempt slower than the key’s lock', async () => {
    const user = await createSignedInUser(t);
    const call = { token: user.token, key: 'slow-first-01', body: { amount: 5, note: 'held-after' } };
    const first = credit(call);
    await gate.reached();
    // The first attempt's credit has committed; it is still busy when its lock (a minute) runs out.
    clock.advance(2);
    const retry = await credit(call);
    expect([retry.statusCode, replayed(retry)]).toEqual([409, false]);
    expect(retry.json().msg).toContain('已经执行');
    expect(await creditsOf(t.db, user.userId)).toBe(1);

    gate.open();
    expect((await first).statusCode).toBe(200);
    const later = await credit(call);
    expect([later.statusCode, replayed(later)]).toEqual([200, true]);
    expect(later.json()).toEqual((await first).json());
    expect(await creditsOf(t.db, user.userId)).toBe(1);
  });

  it('never runs again work that committed before a server error, and says so in the caller’s language', async () => {
    const user = await createSignedInUser(t);
    const failed = await credit({ token: user.token, key: 'failed-after-01', body: { amount: 501 } });
    const retried = await credit({ token: user.token, key: 'failed-after-01', body: { amount: 501 }, locale: 'en-US' });
    expect([failed.statusCode, retried.statusCode, replayed(retried)]).toEqual([500, 409, false]);
    expect(retried.json().msg).toContain('already carried out');
    expect(await creditsOf(t.db, user.userId)).toBe(1);
  });

  it('documents the optional header in OpenAPI', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    const parameters = document.paths['/api/test/credits/{account}'].post.parameters as Record<string, unknown>[];
    expect(parameters).toContainEqual(
      expect.objectContaining({
        in: 'header',
        name: 'idempotency-key',
        required: false,
        description: expect.stringContaining('within 24 hours'),
      }),
    );
  });
});

describe('idempotency keys after 24 hours', () => {
  const keysOf = async (userId: bigint) =>
    (
      await queryRows<{ key: string }>(
        t.db,
        sql`SELECT key FROM idempotency_keys WHERE user_id = ${userId.toString()}::bigint ORDER BY key`,
      )
    ).map((row) => row.key);

  it('are kept a day, then a new operation may use the same key, and the purge job removes them', async () => {
    const user = await createSignedInUser(t);
    await credit({ token: user.token, key: 'old-key-01' });
    clock.advance(23 * 60);
    expect((await credit({ token: user.token, key: 'old-key-01', body: { amount: 6 } })).statusCode).toBe(409);
    await credit({ token: user.token, key: 'young-key-01' });

    clock.advance(61);
    expect((await credit({ token: user.token, key: 'old-key-01', body: { amount: 6 } })).statusCode).toBe(200);
    clock.advance(24 * 60 + 1);
    await credit({ token: user.token, key: 'fresh-key-01' });
    const log = pino({ level: 'silent' });
    const scheduler = new Scheduler({ db: t.db, clock, log, timeZone: 'UTC', jobs: [idempotencyPurgeJob] });
    expect(await scheduler.tick()).toHaveLength(1);
    expect(await keysOf(user.userId)).toEqual(['fresh-key-01']);
  });
});
