import { describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { advance, notifyWechatPay, openRecharge, paymentStatus } from '../helpers/recharges.js';
import { balanceOf, entriesFor } from '../helpers/wallets.js';
import { PUBLIC_URL, useLivePaymentsApp } from './live-payments.js';
import { otherKey, WECHAT_PAY } from './wechat-pay-fake.js';

const live = useLivePaymentsApp();

async function openPaid(amount: number) {
  const user = await createSignedInUser(live.t);
  const order = await openRecharge(live.t, user.token, amount, 'wechat');
  live.payments.wechat.pay(order.orderNo);
  return { ...user, orderNo: order.orderNo };
}

describe('a WeChat Pay recharge', () => {
  it('is placed at WeChat Pay as a signed Native order in fen, expiring with its QR, notified under PUBLIC_URL', async () => {
    const { token } = await createSignedInUser(live.t);
    const order = await openRecharge(live.t, token, 100, 'wechat');
    expect(order).toMatchObject({
      sandbox: false,
      codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/),
    });
    const placed = live.payments.wechat.state.orders.get(order.orderNo)!.created;
    expect(placed).toMatchObject({
      appid: WECHAT_PAY.appId,
      mchid: WECHAT_PAY.mchId,
      out_trade_no: order.orderNo,
      amount: { total: 10_000, currency: 'CNY' },
      notify_url: `${PUBLIC_URL}/api/recharge/api/wx-pay/notify`,
    });
    // The same instant as the QR's expiry, written in Beijing time.
    expect(placed.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    expect(Date.parse(String(placed.time_expire))).toBe(Math.floor(Date.parse(order.expireTime) / 1000) * 1000);
    expect(live.payments.wechat.state.requests.every((request) => request.refused === null)).toBe(true);
  });

  it('is credited once by its notification, and shows paid in the order list and the balance', async () => {
    const { token, orderNo } = await openPaid(100);
    const notification = live.payments.wechat.notification(orderNo);
    const first = await notifyWechatPay(live.t, notification);
    expect(first.statusCode).toBe(204);
    // WeChat Pay delivers again until it hears success: a duplicate is a success that credits nothing.
    const again = live.payments.wechat.notification(orderNo);
    const charset = { ...again.headers, 'content-type': 'application/json; charset=utf-8' };
    expect((await notifyWechatPay(live.t, { ...again, headers: charset })).statusCode).toBe(204);

    expect(await paymentStatus(live.t, token, orderNo)).toBe('paid');
    expect(await balanceOf(live.t, token)).toBe('100.00');
    expect(await entriesFor(live.t, orderNo)).toBe(1);
    const list = await live.t.request({
      method: 'POST',
      url: '/api/recharge/order-info/selectDealInfoList',
      token,
      payload: {},
    });
    expect(list.json().data.rows[0]).toMatchObject({ orderNo, status: 'paid', actualPayment: '100.00' });
  });

  it.each([
    ['a forged signature', { signingKey: otherKey() }],
    ['a stale timestamp', { ageSeconds: 6 * 60 }],
    ['another merchant', { transaction: { mchid: '1900000999' } }],
    ['another app', { transaction: { appid: 'wxsomeoneelse0001' } }],
    ['another amount', { transaction: { amount: { total: 1, payer_total: 1, currency: 'CNY' } } }],
  ])('refuses a notification with %s, with FAIL, and credits nothing', async (_case, forgery) => {
    const { token, orderNo } = await openPaid(30);
    const response = await notifyWechatPay(live.t, live.payments.wechat.notification(orderNo, forgery));
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json()).toMatchObject({ code: 'FAIL' });
    expect(await paymentStatus(live.t, token, orderNo)).toBe('pending');
    expect(await balanceOf(live.t, token)).toBe('0.00');
  });

  it('refuses a notification whose body was altered after it was signed', async () => {
    const { token, orderNo } = await openPaid(30);
    const notification = live.payments.wechat.notification(orderNo);
    const altered = JSON.stringify({ ...JSON.parse(notification.body), event_type: 'TRANSACTION.SUCCESS ' });
    const response = await notifyWechatPay(live.t, { ...notification, body: altered });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'FAIL' });
    expect(await balanceOf(live.t, token)).toBe('0.00');
  });

  it('is closed at WeChat Pay when its QR expires, and shown invalid', async () => {
    const { token } = await createSignedInUser(live.t);
    const { orderNo } = await openRecharge(live.t, token, 20, 'wechat');
    await advance(live.t, 6);
    expect(live.payments.wechat.state.closeCalls).toContain(orderNo);
    expect(live.payments.wechat.state.orders.get(orderNo)!.state).toBe('CLOSED');
    expect(await paymentStatus(live.t, token, orderNo)).toBe('invalid');
  });

  it('is credited once by the query job when its notification is lost', async () => {
    const { token, orderNo } = await openPaid(40);
    await advance(live.t, 2);
    expect(await paymentStatus(live.t, token, orderNo)).toBe('paid');
    await advance(live.t, 10);
    expect(await balanceOf(live.t, token)).toBe('40.00');
    expect(await entriesFor(live.t, orderNo)).toBe(1);
    expect(live.payments.wechat.state.closeCalls).not.toContain(orderNo);
  });

  it('ends, for review, when WeChat Pay reports another amount paid at its close, and is not closed again', async () => {
    const { token, orderNo } = await openPaid(30);
    live.payments.wechat.state.orders.get(orderNo)!.total = 1;
    await advance(live.t, 6);
    expect(await paymentStatus(live.t, token, orderNo)).toBe('invalid');
    const closes = live.payments.wechat.state.closeCalls.filter((call) => call === orderNo).length;
    expect(closes).toBeGreaterThan(0);
    await advance(live.t, 5);
    expect(live.payments.wechat.state.closeCalls.filter((call) => call === orderNo)).toHaveLength(closes);
    expect(await balanceOf(live.t, token)).toBe('0.00');
  });

  it('is credited when the payer paid just before cancelling (WeChat Pay refuses to close a paid order)', async () => {
    const { token, orderNo } = await openPaid(50);
    const response = await live.t.request({ method: 'POST', url: `/api/recharge/api/wx-pay/cancel/${orderNo}`, token });
    expect(response.json().data).toEqual({ status: 'paid' });
    expect(await balanceOf(live.t, token)).toBe('50.00');
    expect(await findLedgerMismatches(live.t.db)).toEqual([]);
  });
});

describe('WeChat Pay out of reach', () => {
  it('answers 503 when WeChat Pay is down or its answer is not signed by it, and leaves no order', async () => {
    const { token } = await createSignedInUser(live.t);
    const url = '/api/recharge/api/wx-pay/native/';
    for (const trouble of ['down', 'forgeAnswers'] as const) {
      live.payments.wechat.state[trouble] = true;
      try {
        const response = await live.t.request({
          method: 'POST',
          url,
          token,
          payload: { amount: '10' },
          locale: 'en-US',
        });
        expect(response.statusCode, trouble).toBe(503);
        expect(response.json().msg).toBe('The payment service is unavailable; please try again later');
      } finally {
        live.payments.wechat.state[trouble] = false;
      }
    }
    const orders = await live.t.request({
      method: 'POST',
      url: '/api/recharge/order-info/selectDealInfoList',
      token,
      payload: {},
    });
    expect(orders.json().data.rows).toEqual([]);
  });
});

describe('the notification endpoints', () => {
  it('are for providers: no session, not counted against the rate limit, not in the API docs', async () => {
    const limited = await buildTestApp(
      { ...live.payments.env, RATE_LIMIT_PER_MINUTE: '2' },
      { testDatabase: live.t.testDatabase },
    );
    try {
      const { orderNo } = await openPaid(10);
      const notification = live.payments.wechat.notification(orderNo);
      const answers = [];
      for (let delivery = 0; delivery < 4; delivery += 1) {
        answers.push((await notifyWechatPay(limited, notification)).statusCode);
      }
      expect(answers).toEqual([204, 204, 204, 204]);
      const docs = (await limited.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: object };
      expect(Object.keys(docs.paths)).toContain('/api/recharge/payment/createBankpayOrder');
      expect(Object.keys(docs.paths).filter((path) => path.endsWith('/notify'))).toEqual([]);
    } finally {
      await limited.app.close();
    }
  });
});
