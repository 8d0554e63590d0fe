import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger.queries.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { notifyAlipay, notifyWechatPay, openRecharge, paymentStatus } from '../helpers/recharges.js';
import { balanceOf, entriesFor } from '../helpers/wallets.js';
import { startLivePayments } from './live-payments.js';

// Real PostgreSQL only: the deliveries below race in concurrent transactions, which PGlite cannot run.
let t: TestApp;
let live: Awaited<ReturnType<typeof startLivePayments>>;
beforeAll(async () => {
  live = await startLivePayments();
  t = await buildTestApp({ ...live.env, RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(async () => {
  await t.close();
  await live.close();
});

describe('a payment notification delivered ten times at once', () => {
  it('from WeChat Pay credits once, and every delivery is answered with success', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 100, 'wechat');
    live.wechat.pay(orderNo);
    const notification = live.wechat.notification(orderNo);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notifyWechatPay(t, notification)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(204));
    expect(await entriesFor(t, orderNo)).toBe(1);
    expect(await balanceOf(t, token)).toBe('100.00');
    expect(await paymentStatus(t, token, orderNo)).toBe('paid');
  });

  it('from Alipay credits once, and every delivery is answered with success', async () => {
    const { token } = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, token, 60, 'alipay');
    live.alipay.scan(orderNo);
    live.alipay.pay(orderNo);
    const fields = live.alipay.notification(orderNo);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notifyAlipay(t, fields)));
    expect(answers.map((answer) => answer.body)).toEqual(Array(10).fill('success'));
    expect(await entriesFor(t, orderNo)).toBe(1);
    expect(await balanceOf(t, token)).toBe('60.00');
    expect(await findLedgerMismatches(t.db)).toEqual([]);
  });
});
