import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

let t: TestApp;
let clock: AdjustableClock;
beforeAll(async () => {
  t = await buildTestApp();
  clock = t.clock as AdjustableClock;
});
afterAll(() => t.close());

const verified = (token: string) => t.request({ method: 'POST', url: '/api/system/user/getVerified', token });

describe('sessions', () => {
  it('let a signed-in user read their own verification status', async () => {
    const { token, userId } = await createSignedInUser(t);
    expect((await verified(token)).json()).toMatchObject({ code: 200, data: { status: '0' } });
    await t.db.execute(sql`UPDATE users SET real_name_verified_at = now() WHERE id = ${userId}`);
    expect((await verified(token)).json()).toMatchObject({ code: 200, data: { status: '1' } });
  });

  it('answer 401 for a token after logout revoked it, and only that session', async () => {
    const first = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const logout = await t.request({ method: 'DELETE', url: '/api/auth/logout', token: first.token });
    expect(logout.json()).toMatchObject({ code: 200 });
    expect((await verified(first.token)).statusCode).toBe(401);
    expect((await verified(other.token)).statusCode).toBe(200);
  });

  it('store only a hash of the token', async () => {
    const { token } = await createSignedInUser(t);
    const rows = await t.db.execute(sql`SELECT 1 FROM sessions WHERE token_hash = ${token}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('expire after 30 days without use', async () => {
    const { token } = await createSignedInUser(t);
    clock.advance(29 * 24 * 60);
    expect((await verified(token)).statusCode).toBe(200);
    clock.advance(29 * 24 * 60);
    expect((await verified(token)).statusCode).toBe(200);
    clock.advance(31 * 24 * 60);
    expect((await verified(token)).statusCode).toBe(401);
  });

  it('end after 90 days even when used every day', async () => {
    const { token } = await createSignedInUser(t);
    for (let day = 0; day < 89; day += 7) {
      clock.advance(7 * 24 * 60);
      expect((await verified(token)).statusCode, `day ${day + 7}`).toBe(day + 7 < 90 ? 200 : 401);
    }
    clock.advance(2 * 24 * 60);
    expect((await verified(token)).statusCode).toBe(401);
  });

  it('refuse a malformed Authorization header with 401', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/system/user/getVerified',
      headers: { authorization: 'Basic abc' },
    });
    expect(response.statusCode).toBe(401);
  });
});
