import { money } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { advance, cashier, openAlipayWap, openRecharge, paymentStatus } from '../helpers/recharges.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

const balanceOf = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/recharge/order-info/selectBalance', token })).json().data.balance;

async function orderRow(orderNo: string) {
  const [row] = await queryRows<{ status: string; paid_after_close: boolean; trade_no: string | null }>(
    t.db,
    sql`SELECT status, paid_after_close, trade_no FROM recharge_orders WHERE order_no = ${orderNo}`,
  );
  return row!;
}

describe('opening a recharge', () => {
  it('answers an order whose QR opens the sandbox cashier, pending, for five minutes', async () => {
    const { token } = await createSignedInUser(t);
    const before = Date.now();
    const order = await openRecharge(t, token, 100);
    expect(order.orderNo).toMatch(/^R\d{20}$/);
    expect(order.sandbox).toBe(true);
    expect(order.codeUrl).toContain(`/payments/sandbox/cashier?orderNo=${order.orderNo}`);
    const lifetime = Date.parse(order.expireTime) - before;
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 5_000);
    expect(await paymentStatus(t, token, order.orderNo)).toBe('pending');
  });

  it('refuses anything but a whole amount from 1 to 5000, naming the amount', async () => {
    const { token } = await createSignedInUser(t);
    for (const amount of ['0', '5001', '10.5', 'abc', '-1']) {
      const response = await t.request({
        method: 'POST',
        url: '/api/recharge/api/ali-pay/trade/page/pay/',
        token,
        locale: 'en-US',
        payload: { amount },
      });
      expect(response.statusCode, amount).toBe(400);
      expect(response.json().msg).toContain('a single recharge is at most 5000 yuan');
    }
    expect((await openRecharge(t, token, 5000, 'alipay')).orderNo).toMatch(/^R/);
  });

  it("does not show one user's order to another", async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, owner.token, 10);
    const response = await t.request({
      method: 'GET',
      url: `/api/recharge/api/ali-pay/getPaymentStatus?orderNo=${orderNo}`,
      token: other.token,
    });
    expect(response.statusCode).toBe(404);
    const cancel = await t.request({
      method: 'POST',
      url: `/api/recharge/api/wx-pay/cancel/${orderNo}`,
      token: other.token,
    });
    expect(cancel.statusCode).toBe(404);
    expect(await paymentStatus(t, owner.token, orderNo)).toBe('pending');
  });
});

describe('a recharge sent twice with one Idempotency-Key (a double click on "立即充值")', () => {
  const ordersOf = async (userId: bigint) =>
    queryRows<{ order_no: string }>(t.db, sql`SELECT order_no FROM recharge_orders WHERE user_id = ${userId}`);

  it('opens one QR order and answers it to both', async () => {
    const { userId, token } = await createSignedInUser(t);
    const send = () =>
      t.request({
        method: 'POST',
        url: '/api/recharge/api/wx-pay/native/',
        token,
        payload: { amount: '123' },
        headers: { 'idempotency-key': 'a1b2c3d4e5f60718293a4b5c6d7e8f90' },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().data.orderNo).toBe(first.json().data.orderNo);
    expect(await ordersOf(userId)).toEqual([{ order_no: first.json().data.orderNo }]);
  });

  it('opens one bank-transfer order and answers it to both', async () => {
    const { userId, token } = await createSignedInUser(t);
    const send = () =>
      t.request({
        method: 'POST',
        url: '/api/recharge/payment/createBankpayOrder?amount=200',
        token,
        headers: { 'idempotency-key': '0f1e2d3c4b5a69788796a5b4c3d2e1f0' },
      });
    const first = await send();
    const second = await send();
    expect(second.json().data.orderNo).toBe(first.json().data.orderNo);
    expect(await ordersOf(userId)).toHaveLength(1);
  });
});

describe('paying at the sandbox cashier', () => {
  it('credits the wallet once, with a recharge entry under the order number', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 100);
    expect((await cashier(t, orderNo, 'pay')).json().data).toEqual({ status: 'paid' });
    expect((await cashier(t, orderNo, 'pay')).json().data).toEqual({ status: 'paid' });
    expect(await paymentStatus(t, token, orderNo)).toBe('paid');
    expect(await balanceOf(token)).toBe('100.00');
    const ledger = (
      await t.request({ method: 'GET', url: '/api/recharge/order-info/selectIncomeExpense', token })
    ).json().data;
    expect(ledger.rows).toEqual([
      expect.objectContaining({ orderNo, direction: 'income', transactionType: 'recharge', amount: '100.00' }),
    ]);
  });

  it.each([
    ['no body and no content type', {}],
    ['a JSON content type and an empty body', { headers: { 'content-type': 'application/json' }, payload: '' }],
  ])('pays and cancels with %s, the body being optional', async (_name, request) => {
    const { token } = await createSignedInUser(t);
    const settle = (orderNo: string, outcome: string) =>
      t.request({ method: 'POST', url: `/api/dev/payments/${orderNo}/${outcome}`, ...request });
    const paid = await openRecharge(t, token, 30);
    const payAnswer = await settle(paid.orderNo, 'pay');
    expect(payAnswer.statusCode).toBe(200);
    expect(payAnswer.json().data).toEqual({ status: 'paid' });
    expect(await balanceOf(token)).toBe('30.00');
    const cancelled = await openRecharge(t, token, 20);
    const cancelAnswer = await settle(cancelled.orderNo, 'cancel');
    expect(cancelAnswer.statusCode).toBe(200);
    expect(cancelAnswer.json().data).toEqual({ status: 'closed' });
  });

  it('cannot pay an order its payer cancelled', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 20);
    const cancelled = await t.request({ method: 'POST', url: `/api/recharge/api/wx-pay/cancel/${orderNo}`, token });
    expect(cancelled.json().data).toEqual({ status: 'closed' });
    expect((await cashier(t, orderNo, 'pay')).json().data).toEqual({ status: 'closed' });
    expect(await balanceOf(token)).toBe('0.00');
  });

  it('ends the order when the payer cancels at the cashier', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 20);
    expect((await cashier(t, orderNo, 'cancel')).json().data).toEqual({ status: 'closed' });
    expect(await paymentStatus(t, token, orderNo)).toBe('closed');
  });

  it('shows the cashier page marked as sandbox, and refuses an order number it does not know', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 88);
    const page = await t.request({
      method: 'GET',
      url: `/payments/sandbox/cashier?orderNo=${orderNo}`,
      locale: 'en-US',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox: no real money is taken');
    expect(page.body).toContain('¥88.00');
    const unknown = await t.request({ method: 'GET', url: '/payments/sandbox/cashier?orderNo=R00000000000000000000' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('an Alipay mobile-website recharge in the sandbox', () => {
  it('opens the cashier page, which leads back to the recharge page with the order, and is credited once', async () => {
    const { token } = await createSignedInUser(t);
    const order = await openAlipayWap(t, token, 77);
    expect(order).toMatchObject({ sandbox: true, payUrl: `/payments/sandbox/cashier?orderNo=${order.orderNo}` });
    const page = await t.request({ method: 'GET', url: order.payUrl, locale: 'en-US' });
    expect(page.body).toContain('¥77.00');
    expect(page.body).toContain(`data-return-url="/voucherCenter?tab=recharge&amp;orderNo=${order.orderNo}"`);

    expect((await cashier(t, order.orderNo, 'pay')).json().data).toEqual({ status: 'paid' });
    expect((await cashier(t, order.orderNo, 'pay')).json().data).toEqual({ status: 'paid' });
    expect(await paymentStatus(t, token, order.orderNo)).toBe('paid');
    expect(await balanceOf(token)).toBe('77.00');
  });

  it('opens one order for two requests with one Idempotency-Key', async () => {
    const { userId, token } = await createSignedInUser(t);
    const send = () =>
      t.request({
        method: 'POST',
        url: '/api/recharge/payment/createAlipayOrder?amount=90',
        token,
        headers: { 'idempotency-key': '9e8d7c6b5a4938271605f4e3d2c1b0a9' },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect(second.json().data.payUrl).toBe(first.json().data.payUrl);
    const rows = await queryRows<{ order_no: string }>(
      t.db,
      sql`SELECT order_no FROM recharge_orders WHERE user_id = ${userId}`,
    );
    expect(rows).toEqual([{ order_no: first.json().data.orderNo }]);
  });

  it("leaves a QR order's cashier page without a way back to the console", async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 12, 'alipay');
    const page = await t.request({ method: 'GET', url: `/payments/sandbox/cashier?orderNo=${orderNo}` });
    expect(page.body).not.toContain('data-return-url');
  });
});

describe('orders nobody hears about', () => {
  it('are closed at the provider when their QR expires, and shown invalid', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 30);
    await advance(t, 6);
    expect(await paymentStatus(t, token, orderNo)).toBe('invalid');
    // Closed at the provider: the cashier can no longer take the money.
    expect((await cashier(t, orderNo, 'pay')).json().data).toEqual({ status: 'invalid' });
    expect(await balanceOf(token)).toBe('0.00');
  });

  it('are shown invalid when the QR screen closes them at the end of the countdown', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 35);
    // The countdown ends before the expiry job's next run.
    (t.clock as AdjustableClock).advance(5);
    const response = await t.request({ method: 'POST', url: `/api/recharge/api/wx-pay/cancel/${orderNo}`, token });
    expect(response.json().data).toEqual({ status: 'invalid' });
  });

  it('are credited once when the payment went through but its notification was lost', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 40);
    expect((await cashier(t, orderNo, 'pay', false)).json().data).toEqual({ status: 'pending' });
    await advance(t, 2);
    expect(await paymentStatus(t, token, orderNo)).toBe('paid');
    await advance(t, 10);
    expect(await balanceOf(token)).toBe('40.00');
    expect((await orderRow(orderNo)).trade_no).toMatch(/^SANDBOX/);
  });

  it('are credited when the payer paid just before cancelling', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 50, 'alipay');
    await cashier(t, orderNo, 'pay', false);
    const response = await t.request({
      method: 'POST',
      url: `/api/recharge/api/ali-pay/trade/close/${orderNo}`,
      token,
    });
    expect(response.json().data).toEqual({ status: 'paid' });
    expect(await balanceOf(token)).toBe('50.00');
  });
});

describe('a payment notification', () => {
  it('that arrives after the order was closed is still credited, and marked for review', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 60);
    await t.request({ method: 'POST', url: `/api/recharge/api/wx-pay/cancel/${orderNo}`, token });
    const outcome = await t.services.recharge.credit(
      { orderNo, tradeNo: 'LATE-1', amount: money(600_000n) },
      'notification',
    );
    expect(outcome).toBe('credited');
    expect(await orderRow(orderNo)).toEqual({ status: 'paid', paid_after_close: true, trade_no: 'LATE-1' });
    expect(await balanceOf(token)).toBe('60.00');
  });

  it('for another amount or an unknown order credits nothing', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 70);
    const wrongAmount = await t.services.recharge.credit(
      { orderNo, tradeNo: 'X', amount: money(10_000n) },
      'notification',
    );
    const unknown = await t.services.recharge.credit(
      { orderNo: 'R99999999999999999999', tradeNo: 'Y', amount: money(700_000n) },
      'notification',
    );
    expect([wrongAmount, unknown]).toEqual(['refused', 'refused']);
    expect(await paymentStatus(t, token, orderNo)).toBe('pending');
    expect(await balanceOf(token)).toBe('0.00');
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});

describe('the order list', () => {
  const orders = (token: string, body: object = {}, query = '', locale?: 'en-US') =>
    t.request({
      method: 'POST',
      url: `/api/recharge/order-info/selectDealInfoList${query}`,
      token,
      payload: body,
      locale,
    });

  it("shows the user's recharge orders newest first, each with its status and what was paid", async () => {
    const { token } = await createSignedInUser(t);
    const paid = await openRecharge(t, token, 100);
    await cashier(t, paid.orderNo, 'pay');
    const cancelled = await openRecharge(t, token, 20, 'alipay');
    await t.request({ method: 'POST', url: `/api/recharge/api/ali-pay/trade/close/${cancelled.orderNo}`, token });
    const pending = await openRecharge(t, token, 30);

    const { data } = (await orders(token, {}, '', 'en-US')).json();
    expect(data.total).toBe(3);
    expect(
      data.rows.map((row: Record<string, unknown>) => [row.orderNo, row.status, row.amount, row.actualPayment]),
    ).toEqual([
      [pending.orderNo, 'pendingPayment', '30.00', '0.00'],
      [cancelled.orderNo, 'cancelled', '20.00', '0.00'],
      [paid.orderNo, 'paid', '100.00', '100.00'],
    ]);
    expect(data.rows[2]).toMatchObject({ productName: 'Account recharge (WeChat Pay)', bills: [], voucher: '0.00' });
    expect(data.rows[2].endTime).not.toBeNull();
    expect(data.rows[0].endTime).toBeNull();

    expect((await orders(token, { status: 'paid' })).json().data.total).toBe(1);
    expect((await orders(token, {}, '?pageNum=2&pageSize=2')).json().data.rows).toHaveLength(1);
    const other = await createSignedInUser(t);
    expect((await orders(other.token)).json().data.total).toBe(0);
  });

  it('filters by business day and refuses a start after the end, naming it', async () => {
    const { token } = await createSignedInUser(t);
    await openRecharge(t, token, 10);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(t.clock.now());
    expect((await orders(token, { startDate: today, endDate: today })).json().data.total).toBe(1);
    expect((await orders(token, { endDate: '2020-01-01' })).json().data.total).toBe(0);

    const reversed = await orders(token, { startDate: '2026-03-03', endDate: '2026-03-01' }, '', 'en-US');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toContain('startDate');
    expect((await orders(token, { startDate: '2026-02-30' })).statusCode).toBe(400);
  });
});
