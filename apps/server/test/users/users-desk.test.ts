import { translate } from '@suanli/contract';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser, createUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { cashier, openRecharge } from '../helpers/recharges.js';
import { giveVoucher } from '../helpers/vouchers.js';
import { fund } from '../helpers/wallets.js';
import { verify } from '../real-name/real-name-helpers.js';
import { validIdNumber } from '../real-name/real-name-ids.js';
import { desk } from './users-desk-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const support = () => createOperator(t, ['support']);
const admin = () => createOperator(t, ['admin']);
const userInfo = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/user/getUserInfo', token })).json().data as {
    education: boolean;
    roles: { roleKey: string }[];
  };

describe('searching users', () => {
  it('finds by id, phone, e-mail or nickname, newest first, paged on the server, with phone and e-mail masked', async () => {
    const tag = `desk${randomInt(1_000_000)}`;
    const ids: bigint[] = [];
    for (let index = 0; index < 7; index += 1) {
      ids.push(await createUser(t, { nickName: `${tag}-${index}` }));
    }
    const phone = `137${String(randomInt(100_000_000)).padStart(8, '0')}`;
    const email = `${tag}@example.com`;
    const found = await createUser(t, { nickName: `${tag}-found`, phone, email });
    const { token } = await support();

    const page = (await desk(t, token).search({ q: tag, pageNum: '2', pageSize: '3' })).json().data;
    expect(page.total).toBe(8);
    expect(page.rows.map((row: { userId: string }) => row.userId)).toEqual([ids[4], ids[3], ids[2]].map(String));

    const expected = {
      userId: String(found),
      nickName: `${tag}-found`,
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      email: `${tag[0]}***@example.com`,
      realNameVerified: false,
      roles: ['user'],
      state: 'active',
    };
    for (const q of [phone, phone.slice(0, 7), email.toUpperCase(), `${tag}-fo`, String(found)]) {
      const result = (await desk(t, token).search({ q })).json().data;
      expect(result.rows, q).toContainEqual(expect.objectContaining(expected));
      expect(JSON.stringify(result), q).not.toContain(phone);
    }
    // A LIKE wildcard in the text is a character to find, not "anything".
    expect((await desk(t, token).search({ q: `${tag}%` })).json().data.total).toBe(0);
  });

  it('filters by role and by state', async () => {
    const tag = `role${randomInt(1_000_000)}`;
    const student = await createSignedInUser(t, { nickName: `${tag}-student` });
    const locked = await createSignedInUser(t, { nickName: `${tag}-locked` });
    await createUser(t, { nickName: `${tag}-plain` });
    expect(
      (await desk(t, (await admin()).token).changeRole(student.userId, { role: 'education', change: 'grant' }))
        .statusCode,
    ).toBe(200);
    const { token } = await support();
    expect((await desk(t, token).lock(locked.userId)).statusCode).toBe(200);

    const names = async (query: Record<string, string>) =>
      (await desk(t, token).search({ q: tag, ...query }))
        .json()
        .data.rows.map((row: { nickName: string }) => row.nickName);
    expect(await names({ role: 'education' })).toEqual([`${tag}-student`]);
    expect(await names({ state: 'locked' })).toEqual([`${tag}-locked`]);
    expect(await names({ state: 'active' })).toEqual([`${tag}-plain`, `${tag}-student`]);
    const wrong = await t.request({
      method: 'GET',
      url: '/api/admin/support/users?state=gone',
      token,
      locale: 'en-US',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ data: { field: 'state' } });
  });
});

describe('a user’s detail', () => {
  it('shows the wallet, the real-name state with the ID number masked, roles and operator areas', async () => {
    const user = await createOperator(t, ['fleet']);
    await fund(t, user.userId, '100');
    await giveVoucher(t, user.userId, '5');
    const id = validIdNumber();
    expect((await verify(t, user.token, '张三丰', id)).statusCode).toBe(200);
    const { token } = await support();

    const response = await desk(t, token).detail(user.userId);
    expect(response.json().data).toMatchObject({
      user: { userId: String(user.userId), roles: ['user'], state: 'active', lockedAt: null, realNameVerified: true },
      wallet: { balance: '100.00', voucher: '5.00', earnings: '0.00', held: '0.00' },
      realName: { status: '1', realName: '张*丰', idCard: `1101**********${id.slice(-4)}` },
      operatorAreas: ['fleet'],
    });
    expect(response.body).not.toContain(id);
    expect(response.body).not.toContain(id.slice(0, 10));
  });

  it('pages the ledger, the orders and the applications of the user', async () => {
    const user = await createSignedInUser(t);
    await fund(t, user.userId, '20');
    await fund(t, user.userId, '30');
    const { orderNo } = await openRecharge(t, user.token, 50);
    await cashier(t, orderNo, 'pay');
    const { token } = await support();

    const ledger = (await desk(t, token).list(user.userId, 'ledger', { pageSize: '2' })).json().data;
    expect(ledger.total).toBe(3);
    expect(ledger.rows).toHaveLength(2);
    expect(ledger.rows[0]).toMatchObject({ orderNo, amount: '50.00', balance: '100.00' });
    const orders = (await desk(t, token).list(user.userId, 'orders', { status: 'paid' })).json().data;
    expect(orders.rows).toEqual([expect.objectContaining({ orderNo, kind: 'recharge', amount: '50.00' })]);
    expect((await desk(t, token).list(user.userId, 'applications')).json().data).toEqual({ rows: [], total: 0 });
  });

  it('answers 404 naming the user for an account that does not exist', async () => {
    const { token } = await support();
    for (const what of ['ledger', 'orders', 'applications'] as const) {
      const response = await desk(t, token).list(999_999_999n, what);
      expect(response.statusCode, what).toBe(404);
    }
    const response = await desk(t, token).detail(999_999_999n, 'en-US');
    expect(response.json()).toMatchObject({
      code: 404,
      msg: translate('en-US', 'usersDesk.userNotFound'),
      data: { field: 'userId' },
    });
  });
});

describe('granting and revoking roles', () => {
  it('grants and revokes education, KOL and creator with a reason, audited, read by the product at once', async () => {
    const user = await createSignedInUser(t);
    const operator = await admin();
    const granted = await desk(t, operator.token).changeRole(user.userId, { role: 'education', change: 'grant' });
    expect(granted.json()).toMatchObject({ data: { roles: ['user', 'education'] } });
    expect(await userInfo(user.token)).toMatchObject({ education: true });
    await desk(t, operator.token).changeRole(user.userId, { role: 'kol', change: 'grant' });
    await desk(t, operator.token).changeRole(user.userId, { role: 'creator', change: 'grant' });
    expect((await userInfo(user.token)).roles.map((role) => role.roleKey)).toEqual([
      'user',
      'education',
      'kol',
      'creator',
    ]);

    const revoked = await desk(t, operator.token).changeRole(user.userId, {
      role: 'education',
      change: 'revoke',
      reason: 'graduated',
    });
    expect(revoked.json()).toMatchObject({ data: { roles: ['user', 'kol', 'creator'] } });
    expect(await userInfo(user.token)).toMatchObject({ education: false });

    const rows = await auditRowsOf(t, operator.userId);
    expect(rows.map((row) => [row.action, row.area, row.target, row.reason])).toEqual([
      ['users.grantRole', 'admin', `user:${user.userId}`, 'verified student'],
      ['users.grantRole', 'admin', `user:${user.userId}`, 'verified student'],
      ['users.grantRole', 'admin', `user:${user.userId}`, 'verified student'],
      ['users.revokeRole', 'admin', `user:${user.userId}`, 'graduated'],
    ]);
    expect(rows[3]).toMatchObject({
      before: { roles: ['user', 'education', 'kol', 'creator'] },
      after: { roles: ['user', 'kol', 'creator'] },
    });
  });

  it('answers 409 to a role held already or not held, and 400 to a role it does not grant', async () => {
    const user = await createSignedInUser(t);
    const { token } = await admin();
    const notHeld = await desk(t, token).changeRole(user.userId, { role: 'kol', change: 'revoke' }, 'en-US');
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json()).toMatchObject({ msg: 'The account does not hold the role KOL' });
    await desk(t, token).changeRole(user.userId, { role: 'creator', change: 'grant' });
    const held = await desk(t, token).changeRole(user.userId, { role: 'creator', change: 'grant' }, 'zh-CN');
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      msg: translate('zh-CN', 'usersDesk.roleHeld', { role: translate('zh-CN', 'users.roleNames.creator') }),
    });
    for (const role of ['admin', 'user']) {
      const refused = await desk(t, token).changeRole(user.userId, { role, change: 'grant' }, 'en-US');
      expect(refused.statusCode, role).toBe(400);
      expect(refused.json()).toMatchObject({
        msg: expect.stringContaining(translate('en-US', 'validation.usersDesk.role')),
        data: { field: 'role' },
      });
    }
    expect((await userInfo(user.token)).roles.map((role) => role.roleKey)).toEqual(['user', 'creator']);
  });

  it('is the admin area’s: support cannot change roles', async () => {
    const user = await createSignedInUser(t);
    const { token } = await support();
    expect((await desk(t, token).changeRole(user.userId, { role: 'kol', change: 'grant' })).statusCode).toBe(403);
  });
});
