import { translate } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

async function phoneOf(userId: UserId) {
  const [row] = await queryRows<{ phone: string }>(t.db, sql`SELECT phone FROM users WHERE id = ${userId}`);
  return row!.phone;
}

const myAreas = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/operators/me/areas', token })).json().data.areas;

const change = (verb: 'grant' | 'revoke', token: string, body: object, locale?: 'en-US' | 'zh-CN') =>
  t.request({ method: 'POST', url: `/api/admin/admin/operators/${verb}`, token, locale, payload: body });

describe('an operator’s own areas', () => {
  it('are none for a user and the granted ones, in order, for an operator', async () => {
    const user = await createSignedInUser(t);
    expect(await myAreas(user.token)).toEqual([]);
    const operator = await createOperator(t, ['support', 'finance']);
    expect(await myAreas(operator.token)).toEqual(['finance', 'support']);
  });

  it('need a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/operators/me/areas' })).statusCode).toBe(401);
  });
});

describe('administrators granting and revoking areas in the console', () => {
  it('grants an area, which the account then holds, with an audit row of who, why, before and after', async () => {
    const admin = await createOperator(t, ['admin']);
    const colleague = await createSignedInUser(t);
    const account = await phoneOf(colleague.userId);

    const granted = await change('grant', admin.token, { account, area: 'review', reason: 'joins the review desk' });

    expect(granted.statusCode).toBe(200);
    expect(granted.json().data).toEqual({
      userId: String(colleague.userId),
      account,
      areas: ['review'],
      changed: true,
    });
    expect(await myAreas(colleague.token)).toEqual(['review']);
    expect(await auditRowsOf(t, admin.userId)).toEqual([
      expect.objectContaining({
        operatorId: String(admin.userId),
        area: 'admin',
        action: 'operators.grant',
        target: `user:${colleague.userId}`,
        before: { areas: [] },
        after: { areas: ['review'] },
        reason: 'joins the review desk',
      }),
    ]);
    const again = await change('grant', admin.token, { account, area: 'review', reason: 'twice' });
    expect(again.json().data).toMatchObject({ areas: ['review'], changed: false });
  });

  it('revokes another account’s area, audited', async () => {
    const admin = await createOperator(t, ['admin']);
    const colleague = await createOperator(t, ['admin', 'fleet']);
    const account = await phoneOf(colleague.userId);

    const revoked = await change('revoke', admin.token, { account, area: 'admin', reason: 'left the team' });

    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ areas: ['fleet'], changed: true });
    expect(await myAreas(colleague.token)).toEqual(['fleet']);
    expect((await auditRowsOf(t, admin.userId)).at(-1)).toMatchObject({
      action: 'operators.revoke',
      before: { areas: ['admin', 'fleet'] },
      after: { areas: ['fleet'] },
      reason: 'left the team',
    });
  });

  it('refuses an administrator taking the admin area from themself (409, in their language), changing nothing', async () => {
    const admin = await createOperator(t, ['admin', 'finance']);
    const account = await phoneOf(admin.userId);
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const refused = await change('revoke', admin.token, { account, area: 'admin', reason: 'oops' }, locale);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        msg: translate(locale, 'operators.ownAdminArea'),
        data: { field: 'account' },
      });
    }
    expect(await myAreas(admin.token)).toEqual(['admin', 'finance']);
    expect(await auditRowsOf(t, admin.userId)).toEqual([]);
    // Their other areas are theirs to give up.
    expect((await change('revoke', admin.token, { account, area: 'finance', reason: 'done' })).statusCode).toBe(200);
  });

  it('names the field at fault: an unknown account (404), a bad area or a missing reason (400)', async () => {
    const admin = await createOperator(t, ['admin']);
    const unknown = await change('grant', admin.token, { account: '13900000000', area: 'fleet', reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().data).toMatchObject({ field: 'account' });
    const account = await phoneOf(admin.userId);
    const badArea = await change('grant', admin.token, { account, area: 'everything', reason: 'x' });
    expect(badArea.statusCode).toBe(400);
    expect(badArea.json().data).toMatchObject({ field: 'area' });
    const noReason = await change('grant', admin.token, { account, area: 'fleet', reason: ' ' }, 'en-US');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      msg: expect.stringContaining(translate('en-US', 'validation.operatorReason')),
      data: { field: 'reason' },
    });
  });

  it('lists every operator with their areas, paged by user id', async () => {
    const admin = await createOperator(t, ['admin']);
    const first = await t.request({
      method: 'GET',
      url: '/api/admin/admin/operators',
      token: admin.token,
      query: { pageNum: '1', pageSize: '2' },
    });
    const { rows, total } = first.json().data;
    expect(rows).toHaveLength(2);
    const everyone = await t.request({
      method: 'GET',
      url: '/api/admin/admin/operators',
      token: admin.token,
      query: { pageSize: '100' },
    });
    expect(everyone.json().data.total).toBe(total);
    expect(everyone.json().data.rows).toContainEqual({
      userId: String(admin.userId),
      account: await phoneOf(admin.userId),
      areas: ['admin'],
    });
    expect(everyone.json().data.rows.slice(0, 2)).toEqual(rows);
  });
});
