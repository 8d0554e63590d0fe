import { money } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import { openBankOrder, openRecharge, settleBankOrder } from '../helpers/recharges.js';
import { balanceOf, ledgerMismatches } from '../helpers/wallets.js';
import { paidRecharge, refund, spend } from './finance-helpers.js';

let t: TestApp;
let finance: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
  finance = await createOperator(t, ['finance']);
});
afterAll(() => t.close());

const orderRow = async (orderNo: string) => {
  const url = `/api/admin/finance/recharge-orders?orderNo=${orderNo}`;
  return (await t.request({ method: 'GET', url, token: finance.token })).json().data.rows[0];
};

describe('an operator refunding a recharge', () => {
  it('takes it from the balance, gives it back through the provider and shows it on the order, audited', async () => {
    const payer = await paidRecharge(t, 100);
    const answer = await refund(t, finance.token, payer.orderNo, { amount: '30', refunded: '0' });
    expect(answer.json().data).toEqual({
      refundNo: expect.stringMatching(/^F\d{20}$/),
      refunded: '30.00',
      status: 'succeeded',
    });
    expect(await balanceOf(t, payer.token)).toBe('70.00');
    expect(await orderRow(payer.orderNo)).toMatchObject({
      orderNo: payer.orderNo,
      userId: String(payer.userId),
      channel: 'wechat',
      amount: '100.00',
      refunded: '30.00',
      refunds: [{ refundNo: answer.json().data.refundNo, amount: '30.00', status: 'succeeded' }],
    });
    // The rest, in a second refund by what the operator now sees refunded.
    const rest = await refund(t, finance.token, payer.orderNo, { amount: '70', refunded: '30' });
    expect(rest.json().data).toMatchObject({ refunded: '100.00', status: 'succeeded' });
    expect(await balanceOf(t, payer.token)).toBe('0.00');
    expect(
      (await auditRowsOf(t, finance.userId)).filter((row) => row.target === `recharge-order:${payer.orderNo}`),
    ).toMatchObject([
      {
        area: 'finance',
        action: 'recharge.refund',
        reason: 'the payer asked for their money back',
        before: { amount: '100.00', refunded: '0.00' },
        after: { refunded: '30.00', refundAmount: '30.00' },
      },
      { action: 'recharge.refund', before: { refunded: '30.00' }, after: { refunded: '100.00' } },
    ]);
    expect((await auditRowsOf(t, finance.userId)).at(-1)).toMatchObject({
      action: 'recharge.refundAnswered',
      target: `recharge-refund:${rest.json().data.refundNo}`,
      before: { status: 'pending' },
      after: { status: 'succeeded', providerRefundNo: expect.stringMatching(/^SANDBOXREFUND/) },
    });
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('refuses more than is left of the order, and a refund against a stale refunded amount (409), naming them', async () => {
    const payer = await paidRecharge(t, 50, 'alipay');
    const tooMuch = await refund(t, finance.token, payer.orderNo, { amount: '50.01', refunded: '0' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().msg).toBe('At most 50.00 yuan of this order is left to refund');
    await refund(t, finance.token, payer.orderNo, { amount: '20', refunded: '0' });
    const stale = await refund(t, finance.token, payer.orderNo, { amount: '20', refunded: '0' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(
      'Someone else refunded this order meanwhile: it now shows 20.00 yuan refunded. Reload and check before refunding',
    );
    const chinese = await refund(t, finance.token, payer.orderNo, { amount: '20', refunded: '0' }, 'zh-CN');
    expect(chinese.json().msg).toBe('其他操作员刚刚退过该订单：现已退 20.00 元。请刷新核对后再退款');
    expect(await balanceOf(t, payer.token)).toBe('30.00');
    const invalid = await refund(t, finance.token, payer.orderNo, { amount: '0', refunded: '20' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().msg).toContain('The refund must be at least 0.01 yuan');
  });

  it("refuses more than the user's balance still holds (409), and then nothing moved", async () => {
    const payer = await paidRecharge(t, 100);
    await spend(t, payer.userId, 80, 'A-SPENT-BEFORE-REFUND');
    const answer = await refund(t, finance.token, payer.orderNo, { amount: '50', refunded: '0' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().msg).toBe("The user's balance holds only 20.00 yuan; refund at most that");
    expect(await balanceOf(t, payer.token)).toBe('20.00');
    expect(await orderRow(payer.orderNo)).toMatchObject({ refunded: '0.00', refunds: [] });
    expect((await refund(t, finance.token, payer.orderNo, { amount: '20', refunded: '0' })).statusCode).toBe(200);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('refuses a bank transfer and an unpaid order: only a paid WeChat Pay or Alipay recharge is refunded', async () => {
    const user = await createSignedInUser(t);
    const bank = await openBankOrder(t, user.token, 100);
    await settleBankOrder(t, finance.token, bank.orderNo, { confirm: '100' });
    const unpaid = await openRecharge(t, user.token, 10);
    for (const orderNo of [bank.orderNo, unpaid.orderNo]) {
      const answer = await refund(t, finance.token, orderNo, { amount: '10', refunded: '0' });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().msg).toBe('Only a paid WeChat Pay or Alipay recharge can be refunded');
    }
    expect(await balanceOf(t, user.token)).toBe('100.00');
  });

  it('gives the amount back to the balance when the provider refuses the refund', async () => {
    // Credited without the sandbox cashier having taken the payment: the provider knows no payment to refund.
    const user = await createSignedInUser(t);
    const { orderNo } = await openRecharge(t, user.token, 40);
    await t.services.recharge.credit({ orderNo, tradeNo: 'WX-UNKNOWN', amount: money(400_000n) }, 'notification');
    const answer = await refund(t, finance.token, orderNo, { amount: '40', refunded: '0' });
    expect(answer.json().data).toMatchObject({ refunded: '0.00', status: 'refused' });
    expect(await balanceOf(t, user.token)).toBe('40.00');
    expect(await orderRow(orderNo)).toMatchObject({
      refunded: '0.00',
      refunds: [{ amount: '40.00', status: 'refused' }],
    });
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
