import { money } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import {
  applicationsOf,
  applyForInvoice,
  changeApplication,
  invoiceableOf,
  revokeApplication,
  saveInformation,
} from '../helpers/invoices.js';
import { cashier, openRecharge } from '../helpers/recharges.js';
import { charge, giveVoucher } from '../helpers/vouchers.js';
import { fund, ledgerMismatches } from '../helpers/wallets.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  expect(await ledgerMismatches(t)).toEqual([]);
  await t.close();
});

/** A signed-in user with invoice information who recharged `recharged` yuan. */
async function customer(recharged = '100') {
  const user = await createSignedInUser(t);
  await saveInformation(t, user.token);
  await fund(t, user.userId, recharged);
  return user;
}

const applied = async (token: string, amount: string) => {
  const response = await applyForInvoice(t, token, amount);
  expect(response.statusCode).toBe(200);
  return response.json().data as { id: string; status: string; amount: string };
};

describe('the invoiceable amount', () => {
  it('is what was paid in through a payment channel, as a recharge in the sandbox cashier', async () => {
    const user = await createSignedInUser(t);
    expect(await invoiceableOf(t, user.token)).toBe('0.00');
    const { orderNo } = await openRecharge(t, user.token, 88);
    await cashier(t, orderNo, 'pay');
    const amounts = (
      await t.request({ method: 'POST', url: '/api/recharge/invoice/openInvoice', token: user.token })
    ).json().data;
    expect(amounts).toEqual({
      invoiceable: '88.00',
      recharged: '88.00',
      pending: '0.00',
      invoiced: '0.00',
      deliveryWorkingDays: 7,
    });
  });

  it('leaves out vouchers, redeem codes, transfers received and refunds, and spending does not lower it', async () => {
    const user = await customer('100');
    const payer = await createSignedInUser(t);
    await fund(t, payer.userId, '20');
    await giveVoucher(t, user.userId, '50');
    await t.services.wallet.post(t.db, [
      { userId: user.userId, transactionType: 'redeem', amount: money(300_000n), orderNo: `D-${user.userId}` },
    ]);
    await t.services.wallet.post(t.db, [
      { userId: payer.userId, transactionType: 'transferOut', amount: money(-200_000n), orderNo: `T-${user.userId}` },
      { userId: user.userId, transactionType: 'transferIn', amount: money(200_000n), orderNo: `T-${user.userId}` },
    ]);
    await t.services.wallet.post(t.db, [
      { userId: user.userId, transactionType: 'refund', amount: money(50_000n), orderNo: `F-${user.userId}` },
    ]);
    await charge(t, user.userId, '40');
    expect(await invoiceableOf(t, user.token)).toBe('100.00');
  });
});

describe('applying for an invoice', () => {
  it('holds the amount: the application is submitted and the invoiceable amount drops by it', async () => {
    const { token } = await customer('100');
    const application = await applied(token, '30.50');
    expect(application).toMatchObject({ status: 'submitted', amount: '30.50', title: '北京算力科技有限公司' });
    expect(await invoiceableOf(t, token)).toBe('69.50');
    expect((await applicationsOf(t, token)).rows).toMatchObject([{ id: application.id, status: 'submitted' }]);
  });

  it('takes exactly the whole invoiceable amount, and nothing more after it', async () => {
    const { token } = await customer('100');
    await applied(token, '100');
    const more = await applyForInvoice(t, token, '0.01', 'en-US');
    expect(more.statusCode).toBe(422);
    expect(more.json().msg).toBe('The amount must not exceed the invoiceable amount of 0.00 yuan');
    expect(more.json().data.field).toBe('amount');
  });

  it('refuses an amount above the invoiceable amount, naming it in both languages', async () => {
    const { token } = await customer('100');
    const en = await applyForInvoice(t, token, '100.01', 'en-US');
    expect(en.statusCode).toBe(422);
    expect(en.json().msg).toBe('The amount must not exceed the invoiceable amount of 100.00 yuan');
    const zh = await applyForInvoice(t, token, '100.01', 'zh-CN');
    expect(zh.json().msg).toBe('开票金额不能超过可开票金额 100.00 元');
    expect((await applicationsOf(t, token)).total).toBe(0);
  });

  it.each([
    ['missing', undefined],
    ['zero', '0'],
    ['negative', '-5'],
    ['with three decimals', '1.005'],
    ['not a number', 'ten'],
  ])('refuses an amount %s, naming the field', async (_, amount) => {
    const { token } = await customer('100');
    const response = await applyForInvoice(t, token, amount, 'en-US');
    expect(response.statusCode).toBe(400);
    expect(response.json().data.field).toBe('amount');
    expect(await invoiceableOf(t, token)).toBe('100.00');
  });

  it('says the amount must be positive with two decimals in Chinese too', async () => {
    const { token } = await customer('100');
    const response = await applyForInvoice(t, token, '0.001', 'zh-CN');
    expect(response.json().msg).toContain('开票金额应为正数，最多两位小数');
  });

  it('applies once when the same request is retried with its Idempotency-Key', async () => {
    const { token } = await customer('100');
    const retry = () =>
      t.request({
        method: 'POST',
        url: '/api/recharge/invoice/createInvoiceAmountInfo',
        token,
        headers: { 'idempotency-key': `invoice-${token.slice(0, 12)}` },
        payload: { amount: '25' },
      });
    const [first, second] = [await retry(), await retry()];
    expect(second.json().data.id).toBe(first.json().data.id);
    expect((await applicationsOf(t, token)).total).toBe(1);
    expect(await invoiceableOf(t, token)).toBe('75.00');
  });

  it('needs the invoice information first', async () => {
    const user = await createSignedInUser(t);
    await fund(t, user.userId, '50');
    const response = await applyForInvoice(t, user.token, '10', 'en-US');
    expect(response.statusCode).toBe(422);
    expect(response.json().msg).toBe('Please fill in the invoice information first');
  });

  it('keeps what it was made out to when the information changes later', async () => {
    const { token } = await customer('100');
    const application = await applied(token, '10');
    await t.request({
      method: 'PUT',
      url: '/api/recharge/invoice/upInvoice',
      token,
      payload: {
        ...(await t.request({ method: 'GET', url: '/api/recharge/invoice/select', token })).json().data,
        title: '新抬头',
      },
    });
    expect((await applicationsOf(t, token)).rows[0]).toMatchObject({
      id: application.id,
      title: '北京算力科技有限公司',
    });
  });
});

describe('an application under review', () => {
  it('can be edited: it is modified, and its own amount counts as free when checking the new one', async () => {
    const { token } = await customer('100');
    const application = await applied(token, '60');
    await applied(token, '30');
    const edited = await changeApplication(t, token, 'upInvoiceAmInfo', {
      id: application.id,
      amount: '70',
      remark: '七十',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ status: 'modified', amount: '70.00', remark: '七十' });
    expect(await invoiceableOf(t, token)).toBe('0.00');
    const tooMuch = await changeApplication(t, token, 'upInvoiceAmInfo', { id: application.id, amount: '70.01' });
    expect(tooMuch.statusCode).toBe(422);
    const badAmount = await changeApplication(t, token, 'upInvoiceAmInfo', { id: application.id, amount: '-1' });
    expect(badAmount.statusCode).toBe(400);
  });

  it('can be revoked once: the amount becomes invoiceable again', async () => {
    const { token } = await customer('100');
    const application = await applied(token, '40');
    const revoked = await revokeApplication(t, token, application.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.status).toBe('revoked');
    expect(await invoiceableOf(t, token)).toBe('100.00');
    expect((await revokeApplication(t, token, application.id)).statusCode).toBe(409);
    const edit = await changeApplication(t, token, 'upInvoiceAmInfo', { id: application.id, amount: '1' });
    expect(edit.statusCode).toBe(409);
  });

  it('cannot be resubmitted: only a rejected one can', async () => {
    const { token } = await customer('100');
    const application = await applied(token, '40');
    const response = await changeApplication(t, token, 'submitInvoice', { id: application.id, amount: '40' });
    expect(response.statusCode).toBe(409);
  });

  it('belongs to its owner: another user’s id is not found', async () => {
    const owner = await customer('100');
    const other = await customer('100');
    const application = await applied(owner.token, '10');
    expect((await revokeApplication(t, other.token, application.id)).statusCode).toBe(404);
    const edit = await changeApplication(t, other.token, 'upInvoiceAmInfo', { id: application.id, amount: '1' });
    expect(edit.statusCode).toBe(404);
    expect((await applicationsOf(t, owner.token)).rows[0]!.status).toBe('submitted');
  });
});

describe('the application list', () => {
  it('pages newest first and filters by status', async () => {
    const { token } = await customer('100');
    const first = await applied(token, '1');
    (t.clock as AdjustableClock).advance(1);
    const second = await applied(token, '2');
    await revokeApplication(t, token, first.id);
    const page = await applicationsOf(t, token, '?pageNum=1&pageSize=1');
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.id)).toEqual([second.id]);
    const revoked = await applicationsOf(t, token, '?status=revoked');
    expect(revoked.rows.map((row) => row.id)).toEqual([first.id]);
  });
});
