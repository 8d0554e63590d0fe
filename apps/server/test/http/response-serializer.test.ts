import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { z } from 'zod';

// A handler that returns more than its schema declares, as a row with an extra column would.
const extraField = (app: FastifyInstance) =>
  app.get('/api/test/extra', { schema: { response: { 200: z.object({ shown: z.string() }) } } }, async () => ({
    shown: 'yes',
    passwordHash: 'argon2-hash',
  }));

// The same database behind two apps: one checks every answer against its zod schema (development and tests), the
// other writes answers with the compiled serializer, as production does (RESPONSE_VALIDATION).
let checked: TestApp;
let compiled: TestApp;
let token: string;
beforeAll(async () => {
  checked = await buildTestApp({}, { extend: extraField });
  compiled = await buildTestApp(
    { RESPONSE_VALIDATION: 'off' },
    { testDatabase: checked.testDatabase, clock: checked.clock, extend: extraField },
  );
  const user = await createSignedInUser(checked, { passwordHash: 'argon2-hash' });
  token = user.token;
  // Two roles, a read and an unread notice, and a platform notice: lists, nulls and nested objects to write.
  await checked.db.execute(sql`INSERT INTO user_roles (user_id, role_key) VALUES (${user.userId}, 'education')`);
  await checked.services.notices.notifyUser(checked.db, {
    userId: user.userId,
    kind: 'lowBalance',
    params: { balance: '3.50' },
  });
  await checked.db.execute(sql`UPDATE informs SET read_at = now() WHERE user_id = ${user.userId} AND kind = 'welcome'`);
  await checked.services.notices.publishNotice({
    titleZh: '维护通知',
    titleEn: 'Maintenance',
    contentZh: '今晚维护',
    contentEn: 'Tonight',
    publishedAt: new Date(Date.now() - 60_000),
  });
});
afterAll(async () => {
  await compiled.close();
  await checked.close();
});

const READS = [
  { url: '/api/healthz' },
  { url: '/api/auth/user/getUserInfo', signedIn: true },
  { url: '/api/recharge/vip/selectVip', signedIn: true },
  { url: '/api/system/user/getVerified', method: 'POST', signedIn: true },
  { url: '/api/system/inform/getAllInform?pageSize=5', signedIn: true },
  { url: '/api/system/notice/getNoticeUser', signedIn: true },
  { url: '/api/system/notice/getNewNotice', signedIn: true },
  // Error envelopes: not signed in, bad input, an unknown path.
  { url: '/api/auth/user/getUserInfo' },
  { url: '/api/system/inform/getAllInform?pageSize=1000', signedIn: true },
  { url: '/api/no/such/thing' },
] as const;

describe('the compiled serializer', () => {
  it.each(READS)('writes what zod validation writes: $url', async (read) => {
    const request = {
      method: 'method' in read ? read.method : 'GET',
      url: read.url,
      ...('signedIn' in read ? { token } : {}),
    } as const;
    const [expected, actual] = [await checked.request(request), await compiled.request(request)];
    expect(actual.statusCode).toBe(expected.statusCode);
    const withoutRequestId = (body: { data?: { requestId?: string } }) =>
      body.data?.requestId ? { ...body, data: { ...body.data, requestId: 'id' } } : body;
    expect(withoutRequestId(actual.json())).toEqual(withoutRequestId(expected.json()));
  });

  it('leaves out fields the schema does not declare, as zod does', async () => {
    for (const app of [checked, compiled]) {
      expect((await app.request({ method: 'GET', url: '/api/test/extra' })).json()).toEqual({ shown: 'yes' });
    }
  });
});
