import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../helpers/factories.js';
import { advance, notifyAlipay, openAlipayWap, openRecharge, paymentStatus } from '../helpers/recharges.js';
import { balanceOf, entriesFor } from '../helpers/wallets.js';
import { otherAlipayKey } from './alipay-fake.js';
import { PUBLIC_URL, useLivePaymentsApp } from './live-payments.js';

const live = useLivePaymentsApp();

async function openPaid(amount: number) {
  const user = await createSignedInUser(live.t);
  const order = await openRecharge(live.t, user.token, amount, 'alipay');
  live.payments.alipay.scan(order.orderNo);
  live.payments.alipay.pay(order.orderNo);
  return { ...user, orderNo: order.orderNo };
}

const answerOf = (response: { statusCode: number; body: string }) => response.body;

describe('an Alipay recharge', () => {
  it('is precreated at Alipay with a signed request, in yuan, expiring with its QR, notified under PUBLIC_URL', async () => {
    const { token } = await createSignedInUser(live.t);
    const order = await openRecharge(live.t, token, 88, 'alipay');
    expect(order).toMatchObject({ sandbox: false, codeUrl: `https://qr.alipay.com/bax0${order.orderNo}` });
    const trade = live.payments.alipay.state.trades.get(order.orderNo)!;
    expect(trade.biz).toMatchObject({ out_trade_no: order.orderNo, total_amount: '88.00', subject: '算力云账户充值' });
    expect(trade.notifyUrl).toBe(`${PUBLIC_URL}/api/recharge/api/ali-pay/notify`);
    // The QR's expiry in Beijing time, as Alipay reads time_expire.
    const beijing = new Date(Date.parse(order.expireTime) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(trade.biz.time_expire).toBe(beijing);
    expect(live.payments.alipay.state.requests.every((request) => !request.refused)).toBe(true);
  });

  it('is credited once by its notification, and a later TRADE_FINISHED is acknowledged without a second credit', async () => {
    const { token, orderNo } = await openPaid(100);
    const first = await notifyAlipay(live.t, live.payments.alipay.notification(orderNo));
    expect([first.statusCode, answerOf(first)]).toEqual([200, 'success']);
    const finished = await notifyAlipay(
      live.t,
      live.payments.alipay.notification(orderNo, { trade_status: 'TRADE_FINISHED' }),
    );
    expect(answerOf(finished)).toBe('success');

    expect(await paymentStatus(live.t, token, orderNo)).toBe('paid');
    expect(await balanceOf(live.t, token)).toBe('100.00');
    expect(await entriesFor(live.t, orderNo)).toBe(1);
    const list = await live.t.request({
      method: 'POST',
      url: '/api/recharge/order-info/selectDealInfoList',
      token,
      payload: {},
    });
    expect(list.json().data.rows[0]).toMatchObject({ orderNo, status: 'paid', channel: 'alipay', amount: '100.00' });
  });

  it('acknowledges an authentic notification of a trade closed unpaid, crediting nothing', async () => {
    const { token } = await createSignedInUser(live.t);
    const { orderNo } = await openRecharge(live.t, token, 15, 'alipay');
    live.payments.alipay.scan(orderNo);
    const response = await notifyAlipay(
      live.t,
      live.payments.alipay.notification(orderNo, { trade_status: 'TRADE_CLOSED' }),
    );
    expect(answerOf(response)).toBe('success');
    expect(await paymentStatus(live.t, token, orderNo)).toBe('pending');
  });

  it.each([
    ['a forged signature', (orderNo: string) => live.payments.alipay.notification(orderNo, {}, otherAlipayKey())],
    [
      'a field altered after signing',
      (orderNo: string) => ({ ...live.payments.alipay.notification(orderNo), total_amount: '0.01' }),
    ],
    ['another app', (orderNo: string) => live.payments.alipay.notification(orderNo, { app_id: '2021000000009999' })],
    [
      'another seller',
      (orderNo: string) => live.payments.alipay.notification(orderNo, { seller_id: '2088000000009999' }),
    ],
    ['another amount', (orderNo: string) => live.payments.alipay.notification(orderNo, { total_amount: '0.01' })],
    ['no signature type', (orderNo: string) => ({ ...live.payments.alipay.notification(orderNo), sign_type: 'RSA' })],
  ])('refuses a notification with %s, answering failure, and credits nothing', async (_case, forge) => {
    const { token, orderNo } = await openPaid(30);
    const response = await notifyAlipay(live.t, forge(orderNo));
    expect(answerOf(response)).toBe('failure');
    expect(await paymentStatus(live.t, token, orderNo)).toBe('pending');
    expect(await balanceOf(live.t, token)).toBe('0.00');
  });

  it('counts a QR nobody scanned as closed when it expires (Alipay: ACQ.TRADE_NOT_EXIST)', async () => {
    const { token } = await createSignedInUser(live.t);
    const { orderNo } = await openRecharge(live.t, token, 20, 'alipay');
    await advance(live.t, 6);
    expect(live.payments.alipay.state.closeCalls).toContain(orderNo);
    expect(await paymentStatus(live.t, token, orderNo)).toBe('invalid');
  });

  it('closes a scanned but unpaid trade at Alipay when its QR expires', async () => {
    const { token } = await createSignedInUser(live.t);
    const { orderNo } = await openRecharge(live.t, token, 25, 'alipay');
    live.payments.alipay.scan(orderNo);
    await advance(live.t, 6);
    expect(live.payments.alipay.state.trades.get(orderNo)!.status).toBe('TRADE_CLOSED');
    expect(await paymentStatus(live.t, token, orderNo)).toBe('invalid');
  });

  it('is credited once by the query job when its notification is lost', async () => {
    const { token, orderNo } = await openPaid(40);
    await advance(live.t, 2);
    expect(await paymentStatus(live.t, token, orderNo)).toBe('paid');
    await advance(live.t, 10);
    expect(await balanceOf(live.t, token)).toBe('40.00');
    expect(await entriesFor(live.t, orderNo)).toBe(1);
  });

  it('is credited when the payer paid just before cancelling (Alipay refuses to close a paid trade)', async () => {
    const { token, orderNo } = await openPaid(50);
    const response = await live.t.request({
      method: 'POST',
      url: `/api/recharge/api/ali-pay/trade/close/${orderNo}`,
      token,
    });
    expect(response.json().data).toEqual({ status: 'paid' });
    expect(await balanceOf(live.t, token)).toBe('50.00');
  });
});

describe('an Alipay mobile-website recharge (createAlipayOrder)', () => {
  /** The payer's phone browser follows payUrl to Alipay's page; answers what Alipay was asked. */
  async function openPage(token: string, amount: number) {
    const order = await openAlipayWap(live.t, token, amount);
    const page = await fetch(order.payUrl);
    expect(page.status).toBe(200);
    return { order, trade: live.payments.alipay.state.trades.get(order.orderNo) };
  }

  it('sends the browser to Alipay with alipay.trade.wap.pay signed by our key, back to the recharge page', async () => {
    const { token } = await createSignedInUser(live.t);
    const { order, trade } = await openPage(token, 66);
    expect(order.payUrl.startsWith(`${live.payments.alipay.gateway}?`)).toBe(true);
    expect(order.sandbox).toBe(false);
    const request = live.payments.alipay.state.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'alipay.trade.wap.pay', refused: false });
    const beijing = new Date(Date.parse(order.expireTime) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const back = `${PUBLIC_URL}/voucherCenter?tab=recharge&orderNo=${order.orderNo}`;
    expect(trade?.biz).toEqual({
      out_trade_no: order.orderNo,
      total_amount: '66.00',
      subject: '算力云账户充值',
      product_code: 'QUICK_WAP_WAY',
      time_expire: beijing,
      quit_url: back,
    });
    expect(trade?.returnUrl).toBe(back);
    expect(trade?.notifyUrl).toBe(`${PUBLIC_URL}/api/recharge/api/ali-pay/notify`);
    expect(await paymentStatus(live.t, token, order.orderNo)).toBe('pending');
  });

  it('is continued from the order list on Alipay’s page again, not as a QR', async () => {
    const { token } = await createSignedInUser(live.t);
    const page = await openAlipayWap(live.t, token, 66);
    const qr = await openRecharge(live.t, token, 67, 'alipay');
    const orders = await live.t.request({
      method: 'POST',
      url: '/api/recharge/order-info/selectDealInfoList',
      token,
      payload: {},
    });
    const resumes = Object.fromEntries(
      (orders.json().data.rows as { orderNo: string; resume: { kind: string } }[]).map((row) => [
        row.orderNo,
        row.resume,
      ]),
    );
    expect(resumes[page.orderNo]).toMatchObject({ kind: 'page', payUrl: page.payUrl, sandbox: false });
    expect(resumes[qr.orderNo]).toMatchObject({ kind: 'qr', codeUrl: qr.codeUrl });
  });

  it('is not trusted by Alipay once a parameter is changed in the address', async () => {
    const { token } = await createSignedInUser(live.t);
    const order = await openAlipayWap(live.t, token, 66);
    const altered = new URL(order.payUrl);
    altered.searchParams.set('biz_content', altered.searchParams.get('biz_content')!.replace('66.00', '0.01'));
    await fetch(altered);
    expect(live.payments.alipay.state.requests.at(-1)).toMatchObject({ method: 'alipay.trade.wap.pay', refused: true });
  });

  it('is credited once by its notification, like a QR order', async () => {
    const { token } = await createSignedInUser(live.t);
    const { order } = await openPage(token, 120);
    live.payments.alipay.pay(order.orderNo);
    const notification = live.payments.alipay.notification(order.orderNo);
    expect(answerOf(await notifyAlipay(live.t, notification))).toBe('success');
    expect(answerOf(await notifyAlipay(live.t, live.payments.alipay.notification(order.orderNo)))).toBe('success');
    await advance(live.t, 2);

    expect(await paymentStatus(live.t, token, order.orderNo)).toBe('paid');
    expect(await balanceOf(live.t, token)).toBe('120.00');
    expect(await entriesFor(live.t, order.orderNo)).toBe(1);
  });

  it('is credited by the query job when its notification is lost, and closed at Alipay when left unpaid', async () => {
    const paid = await createSignedInUser(live.t);
    const left = await createSignedInUser(live.t);
    const { order: paidOrder } = await openPage(paid.token, 30);
    const { order: leftOrder } = await openPage(left.token, 31);
    live.payments.alipay.pay(paidOrder.orderNo);
    await advance(live.t, 6);
    expect(await paymentStatus(live.t, paid.token, paidOrder.orderNo)).toBe('paid');
    expect(await balanceOf(live.t, paid.token)).toBe('30.00');
    expect(live.payments.alipay.state.closeCalls).toContain(leftOrder.orderNo);
    expect(await paymentStatus(live.t, left.token, leftOrder.orderNo)).toBe('invalid');
  });

  it.each([
    ['zh-CN', '单次充值不超过 5000 元'],
    ['en-US', 'a single recharge is at most 5000 yuan'],
  ] as const)('refuses an amount outside 1 to 5000 yuan, naming it (%s)', async (locale, message) => {
    const { token } = await createSignedInUser(live.t);
    for (const amount of ['0', '5001', '2.5', '-1']) {
      const url = `/api/recharge/payment/createAlipayOrder?amount=${amount}`;
      const response = await live.t.request({ method: 'POST', url, token, locale });
      expect(response.statusCode, amount).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, data: { field: 'amount' } });
      expect(response.json().msg).toContain(message);
    }
    const list = await live.t.request({
      method: 'POST',
      url: '/api/recharge/order-info/selectDealInfoList',
      token,
      payload: {},
    });
    expect(list.json().data.rows).toEqual([]);
  });
});
