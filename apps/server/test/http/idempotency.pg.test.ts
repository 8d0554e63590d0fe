import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { createCreditsTable, creditsOf, Gate, registerCreditEndpoint } from '../helpers/idempotent-endpoint.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// Real PostgreSQL only: on PGlite requests never overlap inside the database (ARCHITECTURE §4).
let testDatabase: TestDatabase;
let t: TestApp;
const clock = new AdjustableClock();
// Holds the one request that asks to be held.
const gate = new Gate();

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await createCreditsTable(testDatabase.database.db);
  // The handler stays busy a moment after acting, so that the duplicates arrive while the first is in flight; they
  // wait for it up to 300 ms.
  const deps = { db: testDatabase.database.db, delayMs: 100, waitMs: 300, gate };
  t = await buildTestApp({}, { clock, testDatabase, extend: (app) => registerCreditEndpoint(app, deps) });
});
afterAll(async () => {
  await t.close();
  await testDatabase.drop();
});

const credit = (token: string, key: string, body: { amount: number; note?: string }) =>
  t.request({
    method: 'POST',
    url: '/api/test/credits/main',
    token,
    headers: { 'idempotency-key': key },
    payload: body,
  });

describe('20 simultaneous requests with one Idempotency-Key', () => {
  it('act once, and every one gets the first answer or a clean 409 "in progress", never a 500', async () => {
    const user = await createSignedInUser(t);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => credit(user.token, 'burst-0001', { amount: 5 })),
    );

    const answers = responses.filter((response) => response.statusCode === 200);
    const busy = responses.filter((response) => response.statusCode === 409);
    expect(answers.length + busy.length).toBe(20);
    expect(answers.length).toBeGreaterThan(0);
    expect(new Set(answers.map((response) => response.body)).size).toBe(1);
    expect(answers.filter((response) => response.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(busy.every((response) => response.json().msg.includes('仍在处理中'))).toBe(true);
    expect(await creditsOf(t.db, user.userId)).toBe(1);
  });

  it('with 20 different bodies act once, and refuse the other 19 with 409', async () => {
    const user = await createSignedInUser(t);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => credit(user.token, 'burst-0002', { amount: index })),
    );

    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(19);
    expect(await creditsOf(t.db, user.userId)).toBe(1);
  });

  it('answer 409 "in progress" to the duplicates that wait longer than the first attempt allows', async () => {
    const user = await createSignedInUser(t);
    const slow = { amount: 5, note: 'slow' };
    const responses = await Promise.all(Array.from({ length: 20 }, () => credit(user.token, 'burst-0003', slow)));

    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const busy = responses.filter((response) => response.statusCode === 409);
    expect(busy).toHaveLength(19);
    expect(busy.every((response) => response.json().msg.includes('仍在处理中'))).toBe(true);
    const replay = await credit(user.token, 'burst-0003', slow);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await creditsOf(t.db, user.userId)).toBe(1);
  });
});

describe('a first attempt slower than its key’s lock, its work not yet committed', () => {
  it('loses the key to the retry, which acts, and cannot commit its own work afterwards', async () => {
    const user = await createSignedInUser(t);
    const held = { amount: 5, note: 'held-inside' };
    const first = credit(user.token, 'overtaken-01', held);
    await gate.reached();
    // The first attempt's credit is written but not committed when its lock (a minute) runs out.
    clock.advance(2);
    const retry = await credit(user.token, 'overtaken-01', held);
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([200, undefined]);

    gate.open();
    const overtaken = await first;
    expect(overtaken.statusCode).toBe(409);
    expect(await creditsOf(t.db, user.userId)).toBe(1);
    const later = await credit(user.token, 'overtaken-01', held);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body).toBe(retry.body);
  });
});
