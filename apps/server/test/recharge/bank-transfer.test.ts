import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { advance, openBankOrder, paymentStatus, settleBankOrder } from '../helpers/recharges.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { balanceOf, entriesFor } from '../helpers/wallets.js';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
let operatorToken: string;
beforeAll(async () => {
  t = await buildTestApp({
    RATE_LIMIT_PER_MINUTE: '0',
    BANK_ACCOUNT_NAME: '测试算力有限公司',
    BANK_NAME: '测试银行上海分行',
    BANK_ACCOUNT_NUMBER: '6222 0000 1111 2222',
  });
  operator = await createOperator(t, ['finance']);
  operatorToken = operator.token;
});
afterAll(() => t.close());

const orders = (token: string, locale?: 'en-US') =>
  t.request({ method: 'POST', url: '/api/recharge/order-info/selectDealInfoList', token, payload: {}, locale });

describe('a bank-transfer recharge', () => {
  it('answers the account to pay into and the order number to write as the remark, and waits', async () => {
    const { token } = await createSignedInUser(t);
    const order = await openBankOrder(t, token, 3000);
    expect(order).toEqual({
      orderNo: expect.stringMatching(/^R\d{20}$/),
      amount: '3000.00',
      accountName: '测试算力有限公司',
      bankName: '测试银行上海分行',
      accountNumber: '6222 0000 1111 2222',
      remark: order.orderNo,
    });
    // Not closed by the QR expiry job, nor asked of any provider: it waits for an operator.
    await advance(t, 24 * 60);
    expect(await paymentStatus(t, token, order.orderNo)).toBe('pending');

    const [row] = (await orders(token, 'en-US')).json().data.rows;
    expect(row).toMatchObject({ orderNo: order.orderNo, channel: 'bank', status: 'pendingPayment', amount: '3000.00' });
    expect(row.productName).toBe('Account recharge (Bank transfer)');
    expect((await orders(token)).json().data.rows[0].productName).toBe('账户充值（对公转账）');
  });

  it('refuses an amount a QR recharge would refuse, naming it', async () => {
    const { token } = await createSignedInUser(t);
    const url = '/api/recharge/payment/createBankpayOrder?amount=5001';
    const response = await t.request({ method: 'POST', url, token, locale: 'en-US' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('a single recharge is at most 5000 yuan');
  });

  it('is credited once when an operator confirms the amount that arrived; a repeated confirmation replays', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openBankOrder(t, token, 500);

    const wrong = await settleBankOrder(t, operatorToken, orderNo, { confirm: '499.99' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 422, data: { field: 'amount' } });
    expect(wrong.json().msg).toContain('500.00');
    expect(await balanceOf(t, token)).toBe('0.00');

    const key = { 'idempotency-key': randomUUID() };
    const confirmed = await settleBankOrder(t, operatorToken, orderNo, { confirm: '500.00' }, key);
    expect(confirmed.json()).toMatchObject({ code: 200, data: { status: 'paid' } });
    const replay = await settleBankOrder(t, operatorToken, orderNo, { confirm: '500.00' }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(confirmed.json());
    // Confirmed again without the key (a second operator's click): answered as it stands, credited no more.
    const again = await settleBankOrder(t, operatorToken, orderNo, { confirm: 500 });
    expect(again.json().data).toEqual({ status: 'paid' });

    expect(await balanceOf(t, token)).toBe('500.00');
    expect(await entriesFor(t, orderNo)).toBe(1);
    expect((await orders(token)).json().data.rows[0]).toMatchObject({ status: 'paid', actualPayment: '500.00' });
    const [row] = await queryRows<{ trade_no: string }>(
      t.db,
      sql`SELECT trade_no FROM recharge_orders WHERE order_no = ${orderNo}`,
    );
    expect(row!.trade_no).toMatch(/^operator:\d+$/);

    // One audit row per confirmation that acted (the replay acted no more), each saying what came of it.
    const rows = (await auditRowsOf(t, operator.userId)).filter(
      (audit) => audit.target === `recharge-order:${orderNo}`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        area: 'finance',
        action: 'recharge.confirmBankTransfer',
        before: { status: 'pending', amount: '500.00' },
        after: { status: 'paid', amount: '500.00', outcome: 'credited' },
        reason: 'seen on the statement',
      }),
      expect.objectContaining({ after: { status: 'paid', amount: '500.00', outcome: 'duplicate' } }),
    ]);
    expect(new Set(rows.map((audit) => audit.requestId)).size).toBe(2);
  });

  it('is closed when an operator rejects it, and cannot be rejected once credited', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openBankOrder(t, token, 100);
    const rejected = await settleBankOrder(t, operatorToken, orderNo, 'reject');
    expect(rejected.json().data).toEqual({ status: 'closed' });
    expect(await paymentStatus(t, token, orderNo)).toBe('closed');
    expect((await orders(token)).json().data.rows[0].status).toBe('cancelled');
    const [audit] = (await auditRowsOf(t, operator.userId)).filter((row) => row.target === `recharge-order:${orderNo}`);
    expect(audit).toMatchObject({
      action: 'recharge.rejectBankTransfer',
      before: { status: 'pending' },
      after: { status: 'closed', outcome: 'rejected' },
      reason: 'no transfer arrived',
    });

    const paid = await openBankOrder(t, token, 200);
    await settleBankOrder(t, operatorToken, paid.orderNo, { confirm: '200' });
    const late = await settleBankOrder(t, operatorToken, paid.orderNo, 'reject');
    expect(late.statusCode).toBe(409);
    expect(await balanceOf(t, token)).toBe('200.00');
  });

  it('is settled by operators only, and only a bank order is', async () => {
    const payer = await createSignedInUser(t);
    const { orderNo } = await openBankOrder(t, payer.token, 100);
    const confirm = await settleBankOrder(t, payer.token, orderNo, { confirm: '100' });
    expect(confirm.statusCode).toBe(403);
    expect((await settleBankOrder(t, payer.token, orderNo, 'reject')).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `/api/admin/finance/bank-orders/${orderNo}/reject` })).statusCode,
    ).toBe(401);

    const qr = await t.request({
      method: 'POST',
      url: '/api/recharge/api/wx-pay/native/',
      token: payer.token,
      payload: { amount: '100' },
    });
    const notBank = await settleBankOrder(t, operatorToken, qr.json().data.orderNo, { confirm: '100' });
    expect(notBank.statusCode).toBe(404);
    expect(await balanceOf(t, payer.token)).toBe('0.00');
    expect(await paymentStatus(t, payer.token, orderNo)).toBe('pending');
  });
});

describe('the operators’ queue of bank orders', () => {
  const queue = (query: string, locale?: 'en-US') =>
    t.request({ method: 'GET', url: `/api/admin/finance/bank-orders?${query}`, token: operatorToken, locale });

  it('pages the pending bank orders oldest first; a confirmed one leaves it for the paid ones, and a number finds one', async () => {
    const payer = await createSignedInUser(t);
    const first = await openBankOrder(t, payer.token, 300);
    await advance(t, 1);
    const second = await openBankOrder(t, payer.token, 400);
    await t.request({
      method: 'POST',
      url: '/api/recharge/api/wx-pay/native/',
      token: payer.token,
      payload: { amount: '100' },
    });

    const pending = (await queue('pageSize=100')).json().data;
    const mine = pending.rows.filter((row: { userId: string }) => row.userId === String(payer.userId));
    expect(mine).toEqual([
      {
        orderNo: first.orderNo,
        userId: String(payer.userId),
        amount: '300.00',
        status: 'pending',
        createTime: expect.any(String),
        endTime: null,
      },
      expect.objectContaining({ orderNo: second.orderNo, amount: '400.00' }),
    ]);
    expect(pending.total).toBe(pending.rows.length);
    const onePerPage = (await queue('pageSize=1&pageNum=2')).json().data;
    expect(onePerPage).toEqual({ total: pending.total, rows: [pending.rows[1]] });

    await settleBankOrder(t, operatorToken, first.orderNo, { confirm: '300.00' });
    const after = (await queue('pageSize=100')).json().data.rows.map((row: { orderNo: string }) => row.orderNo);
    expect(after).not.toContain(first.orderNo);
    expect(after).toContain(second.orderNo);
    const paid = (await queue(`status=paid&orderNo=${first.orderNo}`)).json().data;
    expect(paid).toEqual({
      total: 1,
      rows: [expect.objectContaining({ orderNo: first.orderNo, status: 'paid', endTime: expect.any(String) })],
    });
  });

  it('refuses a status it does not know, naming it', async () => {
    const refused = await queue('status=lost', 'en-US');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toMatchObject({ field: 'status' });
  });
});
