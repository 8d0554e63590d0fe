import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { advance } from '../helpers/recharges.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { charge, giveVoucher } from '../helpers/vouchers.js';
import { fund } from '../helpers/wallets.js';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
let operatorToken: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  operator = await createOperator(t, ['finance']);
  operatorToken = operator.token;
});
afterAll(() => t.close());

const GRANT_URL = '/api/admin/finance/vouchers';
const grant = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: GRANT_URL, token, payload: { reason: 'a goodwill gesture', ...payload }, headers });
const list = async (token: string, path: string, query = '') =>
  (await t.request({ method: 'GET', url: `/api/recharge/coupon/${path}${query}`, token })).json().data;

async function phoneOf(userId: bigint) {
  const [row] = await queryRows<{ phone: string }>(t.db, sql`SELECT phone FROM users WHERE id = ${userId}`);
  return row!.phone;
}

describe('an operator granting a voucher', () => {
  it('gives the user a usable voucher from now for the days given, counted in their balance record', async () => {
    const { userId, token } = await createSignedInUser(t);
    const payload = { account: await phoneOf(userId), amount: '12.5', kind: 'voucher', name: '新春礼券', validDays: 7 };
    const response = await grant(operatorToken, payload);
    expect(response.statusCode).toBe(200);
    const row = response.json().data;
    expect(row).toMatchObject({
      name: '新春礼券',
      kind: 'voucher',
      amount: '12.50',
      balance: '12.50',
      status: 'normal',
      source: 'operator',
    });
    const days = (Date.parse(row.expireTime) - Date.parse(row.effectiveTime)) / 86_400_000;
    expect(days).toBe(7);
    expect(await list(token, 'selectVoucher')).toEqual({ total: 1, rows: [row] });
    const balance = await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance', token });
    expect(balance.json().data).toEqual({ balance: '0.00', voucher: '12.50' });
    expect((await auditRowsOf(t, operator.userId)).at(-1)).toMatchObject({
      area: 'finance',
      action: 'wallet.grantVoucher',
      target: `user:${userId}`,
      before: null,
      after: { voucherId: row.id, kind: 'voucher', name: '新春礼券', amount: '12.50', expiresAt: row.expireTime },
      reason: 'a goodwill gesture',
    });
  });

  it('is refused to anyone who is not an operator, and to nobody signed in', async () => {
    const { userId, token } = await createSignedInUser(t);
    const payload = { account: await phoneOf(userId), amount: '5', kind: 'voucher', name: 'x', validDays: 1 };
    expect((await grant(token, payload)).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: GRANT_URL, payload })).statusCode).toBe(401);
    expect((await list(token, 'selectVoucher')).total).toBe(0);
  });

  it('replays the first answer to a retry with the same Idempotency-Key, granting once', async () => {
    const { userId, token } = await createSignedInUser(t);
    const payload = { account: await phoneOf(userId), amount: '3', kind: 'coupon', name: 'GPU', validDays: 3 };
    const key = randomUUID();
    const first = await grant(operatorToken, payload, { 'idempotency-key': key });
    const retry = await grant(operatorToken, payload, { 'idempotency-key': key });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await list(token, 'selectCoupon')).total).toBe(1);
    const audits = (await auditRowsOf(t, operator.userId)).filter((row) => row.target === `user:${userId}`);
    expect(audits).toHaveLength(1);
  });

  it('names the field at fault: an unknown account, an amount out of range, days that are not whole', async () => {
    const base = { account: '13000000000', amount: '5', kind: 'voucher', name: 'x', validDays: 1, reason: 'r' };
    const unknown = await t.request({
      method: 'POST',
      url: GRANT_URL,
      token: operatorToken,
      payload: { ...base, account: '19999999999' },
      locale: 'en-US',
    });
    expect(unknown.json()).toMatchObject({
      code: 404,
      msg: 'No user has this phone number or e-mail address',
      data: { field: 'account' },
    });
    const amount = await grant(operatorToken, { ...base, amount: '0.001' });
    expect(amount.json()).toMatchObject({ code: 400, data: { field: 'amount' } });
    expect(amount.json().msg).toContain('0.01 至 10,000 元');
    const days = await grant(operatorToken, { ...base, validDays: 1.5 });
    expect(days.json()).toMatchObject({ code: 400, data: { field: 'validDays' } });
  });
});

describe('the voucher lists', () => {
  it('page on the server, usable ones in the order charges spend them, coupons apart', async () => {
    const { userId, token } = await createSignedInUser(t);
    for (let day = 12; day >= 1; day -= 1) {
      await giveVoucher(t, userId, String(day), { validDays: day });
    }
    await giveVoucher(t, userId, '9', { kind: 'coupon' });
    const first = await list(token, 'selectVoucher', '?pageNum=1&pageSize=5');
    expect(first.total).toBe(12);
    expect(first.rows.map((row: { amount: string }) => row.amount)).toEqual(['1.00', '2.00', '3.00', '4.00', '5.00']);
    const last = await list(token, 'selectVoucher', '?pageNum=3&pageSize=5');
    expect(last.rows.map((row: { amount: string }) => row.amount)).toEqual(['11.00', '12.00']);
    expect((await list(token, 'selectVoucher', '?pageNum=4&pageSize=5')).rows).toEqual([]);
    expect((await list(token, 'selectCoupon')).rows).toEqual([
      expect.objectContaining({ kind: 'coupon', amount: '9.00' }),
    ]);
    const badPage = await t.request({ method: 'GET', url: '/api/recharge/coupon/selectVoucher?pageSize=101', token });
    expect(badPage.statusCode).toBe(400);
  });

  it("show what ended, of both kinds, as invalid once the expiry job has run, and never another user's", async () => {
    const { userId, token } = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    await fund(t, userId, '1');
    await giveVoucher(t, userId, '2', { validDays: 2 });
    await giveVoucher(t, userId, '4', { validDays: 1, kind: 'coupon' });
    await giveVoucher(t, userId, '8', { validDays: 3 });
    await giveVoucher(t, other.userId, '16', { validDays: 1 });
    await charge(t, userId, '2', { transactionType: 'dataStorage' });
    expect((await list(token, 'selectOverCoupon')).rows).toEqual([
      expect.objectContaining({ amount: '2.00', balance: '0.00', status: 'invalid', kind: 'voucher' }),
    ]);

    await advance(t, 24 * 60 + 1);
    const [marked] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM vouchers WHERE user_id = ${userId} AND status = 'invalid'`,
    );
    expect(marked!.n).toBe(2);
    const ended = await list(token, 'selectOverCoupon');
    expect(ended.total).toBe(2);
    expect(ended.rows.map((row: { amount: string; status: string }) => [row.amount, row.status])).toEqual([
      ['2.00', 'invalid'],
      ['4.00', 'invalid'],
    ]);
    expect((await list(token, 'selectVoucher')).rows).toEqual([
      expect.objectContaining({ amount: '8.00', status: 'normal' }),
    ]);
    expect((await list(other.token, 'selectOverCoupon')).rows).toEqual([
      expect.objectContaining({ amount: '16.00', status: 'invalid' }),
    ]);
  });

  it('answer 401 without a token', async () => {
    for (const path of ['selectVoucher', 'selectCoupon', 'selectOverCoupon']) {
      const response = await t.request({ method: 'GET', url: `/api/recharge/coupon/${path}` });
      expect(response.statusCode).toBe(401);
    }
  });
});
