import { describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../src/modules/wallet/ledger-check.queries.js';
import { createSignedInUser } from '../helpers/factories.js';
import {
  advance,
  notifyAlipay,
  notifyWechatPay,
  openAlipayWap,
  openRecharge,
  paymentStatus,
} from '../helpers/recharges.js';
import { balanceOf, entriesFor } from '../helpers/wallets.js';
import { useLivePaymentsApp } from './live-payments.js';

// Real PostgreSQL only: the deliveries below race in concurrent transactions, which PGlite cannot run.
const live = useLivePaymentsApp();

describe('a payment notification delivered ten times at once', () => {
  it('from WeChat Pay credits once, and every delivery is answered with success', async () => {
    const { token } = await createSignedInUser(live.t);
    const { orderNo } = await openRecharge(live.t, token, 100, 'wechat');
    live.payments.wechat.pay(orderNo);
    const notification = live.payments.wechat.notification(orderNo);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notifyWechatPay(live.t, notification)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(204));
    expect(await entriesFor(live.t, orderNo)).toBe(1);
    expect(await balanceOf(live.t, token)).toBe('100.00');
    expect(await paymentStatus(live.t, token, orderNo)).toBe('paid');
  });

  it('from Alipay credits once, and every delivery is answered with success', async () => {
    const { token } = await createSignedInUser(live.t);
    const { orderNo } = await openRecharge(live.t, token, 60, 'alipay');
    live.payments.alipay.scan(orderNo);
    live.payments.alipay.pay(orderNo);
    const fields = live.payments.alipay.notification(orderNo);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notifyAlipay(live.t, fields)));
    expect(answers.map((answer) => answer.body)).toEqual(Array(10).fill('success'));
    expect(await entriesFor(live.t, orderNo)).toBe(1);
    expect(await balanceOf(live.t, token)).toBe('60.00');
    expect(await findLedgerMismatches(live.t.db)).toEqual([]);
  });

  it('about a mobile-website Alipay order, racing the query job, credits once', async () => {
    const { token } = await createSignedInUser(live.t);
    const { orderNo, payUrl } = await openAlipayWap(live.t, token, 45);
    await fetch(payUrl);
    live.payments.alipay.pay(orderNo);
    const fields = live.payments.alipay.notification(orderNo);
    const [answers] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => notifyAlipay(live.t, fields))),
      advance(live.t, 2),
    ]);
    expect(answers.map((answer) => answer.body)).toEqual(Array(10).fill('success'));
    expect(await entriesFor(live.t, orderNo)).toBe(1);
    expect(await balanceOf(live.t, token)).toBe('45.00');
    expect(await findLedgerMismatches(live.t.db)).toEqual([]);
  });
});
