import { ENDPOINTS, translate } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { createOperator } from '../helpers/operators.js';

let t: TestApp;
let admin: { userId: UserId; token: string };
let other: { userId: UserId; token: string };
let targets: UserId[];

async function phoneOf(userId: UserId) {
  const [row] = await queryRows<{ phone: string }>(t.db, sql`SELECT phone FROM users WHERE id = ${userId}`);
  return row!.phone;
}

const grant = (token: string, userId: UserId, area: string, reason: string) =>
  phoneOf(userId).then((account) =>
    t.request({
      method: 'POST',
      url: '/api/admin/admin/operators/grant',
      token,
      payload: { account, area, reason },
    }),
  );

const read = (query: Record<string, string>, token = admin.token, locale?: 'en-US' | 'zh-CN') =>
  t.request({ method: 'GET', url: '/api/admin/admin/audit', token, locale, query });

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  admin = await createOperator(t, ['admin']);
  other = await createOperator(t, ['admin']);
  targets = [(await createSignedInUser(t)).userId, (await createSignedInUser(t)).userId];
  await grant(admin.token, targets[0]!, 'fleet', 'first');
  await grant(admin.token, targets[0]!, 'finance', 'second');
  await grant(admin.token, targets[1]!, 'fleet', 'third');
  await grant(other.token, targets[1]!, 'support', 'fourth');
});
afterAll(() => t.close());

describe('the audit log reader', () => {
  it('shows who, what, target, before and after, reason, request id and time, newest first', async () => {
    const answer = await read({ operatorId: String(admin.userId) });
    expect(answer.statusCode).toBe(200);
    const { rows, total } = answer.json().data;
    expect(total).toBe(3);
    expect(rows.map((row: { reason: string }) => row.reason)).toEqual(['third', 'second', 'first']);
    expect(rows[1]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      operatorId: String(admin.userId),
      operatorAccount: await phoneOf(admin.userId),
      area: 'admin',
      action: 'operators.grant',
      target: `user:${targets[0]}`,
      before: { areas: ['fleet'] },
      after: { areas: ['finance', 'fleet'] },
      reason: 'second',
      requestId: expect.any(String),
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('pages on the server: the same rows in pages as in one, and the true total past the end', async () => {
    const filter = { target: 'user:' };
    const whole = (await read({ ...filter, pageSize: '100' })).json().data;
    const first = (await read({ ...filter, pageNum: '1', pageSize: '2' })).json().data;
    const second = (await read({ ...filter, pageNum: '2', pageSize: '2' })).json().data;
    expect(first.total).toBe(whole.total);
    expect([...first.rows, ...second.rows]).toEqual(whole.rows.slice(0, 4));
    const past = (await read({ ...filter, pageNum: '999', pageSize: '100' })).json().data;
    expect(past).toEqual({ rows: [], total: whole.total });
  });

  it('filters by operator, area, action and target from their start, and business days', async () => {
    const reasons = async (query: Record<string, string>) =>
      (await read({ ...query, pageSize: '100' })).json().data.rows.map((row: { reason: string }) => row.reason);
    expect(await reasons({ operatorId: String(other.userId) })).toEqual(['fourth']);
    expect(await reasons({ target: `user:${targets[1]}` })).toEqual(['fourth', 'third']);
    expect(await reasons({ operatorId: String(admin.userId), action: 'operators.' })).toEqual([
      'third',
      'second',
      'first',
    ]);
    expect(await reasons({ operatorId: String(admin.userId), action: 'operators.revoke' })).toEqual([]);
    expect(await reasons({ operatorId: String(admin.userId), area: 'finance' })).toEqual([]);
    // A LIKE wildcard in a filter is a character to match, not "anything".
    expect(await reasons({ target: '%' })).toEqual([]);
    expect(await reasons({ operatorId: String(other.userId), startDate: '2000-01-01' })).toEqual(['fourth']);
    expect(await reasons({ operatorId: String(other.userId), endDate: '2000-01-01' })).toEqual([]);
    expect(await reasons({ operatorId: String(other.userId), startDate: '2999-01-01' })).toEqual([]);
  });

  it('names the filter at fault in the caller’s language', async () => {
    const backwards = await read({ startDate: '2026-02-02', endDate: '2026-02-01' }, admin.token, 'en-US');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      msg: expect.stringContaining(translate('en-US', 'validation.dateRange')),
      data: { field: 'startDate' },
    });
    const area = await read({ area: 'everything' });
    expect(area.statusCode).toBe(400);
    expect(area.json().data).toMatchObject({ field: 'area' });
    expect((await read({ operatorId: 'me' })).json().data).toMatchObject({ field: 'operatorId' });
  });

  it('is only read: no endpoint edits or deletes it, and the database refuses an edit', async () => {
    const onTheLog = ENDPOINTS.filter((endpoint) => endpoint.path.startsWith('/admin/admin/audit'));
    expect(onTheLog.map((endpoint) => endpoint.method)).toEqual(['GET']);
    await expect(t.db.execute(sql`UPDATE audit_log SET reason = 'rewritten'`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    expect((await read({ operatorId: String(other.userId) })).json().data.rows[0].reason).toBe('fourth');
  });

  it('is refused to an operator of other areas', async () => {
    const finance = await createOperator(t, ['finance', 'fleet', 'review', 'support']);
    expect((await read({}, finance.token)).statusCode).toBe(403);
  });
});
