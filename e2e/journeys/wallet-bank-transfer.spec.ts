import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn, openWalletPage } from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/** A user granted the finance area with the dev tool, who settles bank orders through the operators' calls. */
async function operator() {
  const { email, token } = await registerByEmail();
  await callApi('POST', '/dev/operators/areas', { body: { account: email, area: 'finance' } });
  return {
    confirm: (orderNo: string, amount: string) =>
      callApi<{ status: string }>('POST', `/admin/finance/bank-orders/${orderNo}/confirm`, {
        token,
        body: { amount, reason: 'the transfer is on the statement' },
      }),
    reject: (orderNo: string) =>
      callApi<{ status: string }>('POST', `/admin/finance/bank-orders/${orderNo}/reject`, {
        token,
        body: { reason: 'no transfer arrived' },
      }),
  };
}

/** Chooses a preset amount and bank transfer, and answers the order number the dialog asks to write as the remark. */
async function openBankTransfer(page: Page, preset: 50 | 200) {
  await page.getByTestId(`recharge-preset-${preset}`).click();
  await page.getByTestId('recharge-form').locator('label', { hasText: '对公转账' }).click();
  await page.getByTestId('recharge-submit').click();
  const remark = page.getByTestId('bank-remark');
  await remark.waitFor({ state: 'visible' });
  const orderNo = /R\d{20}/.exec((await remark.textContent()) ?? '')?.[0];
  expect(orderNo).toBeDefined();
  return orderNo!;
}

const orderRow = (page: Page, orderNo: string) =>
  page.getByTestId('order-table').locator('tbody tr.ant-table-row', { hasText: orderNo });

describe('recharging by bank transfer', () => {
  it('shows the account and the remark, credits 200 once an operator confirms, and closes a rejected order', async () => {
    const { page, baseUrl } = session;
    const settler = await operator();
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/voucherCenter');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥0.00');

    const orderNo = await openBankTransfer(page, 200);
    const dialog = page.getByTestId('bank-transfer-dialog');
    expect(await dialog.getByText('对公转账充值').count()).toBe(1);
    // The development server's fictitious receiving account (apps/server/src/config.ts).
    expect(await dialog.getByTestId('bank-account-name').textContent()).toBe('示例算力科技有限公司（虚构，仅供开发）');
    expect(await dialog.getByTestId('bank-name').textContent()).toBe('示例银行北京示例支行（虚构）');
    expect(await dialog.getByTestId('bank-account-number').textContent()).toBe('0000 0000 0000 0000 000');
    expect(await dialog.getByTestId('bank-amount').textContent()).toBe('¥200.00');
    expect(await dialog.getByTestId('bank-remark').textContent()).toBe(orderNo);
    expect(await dialog.getByTestId('bank-transfer-arrival').textContent()).toContain('显示为待支付');
    await page.getByTestId('bank-transfer-done').click();
    await dialog.waitFor({ state: 'hidden' });
    // Nothing is credited when the transfer is only promised.
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('¥0.00');

    await openWalletPage(page, 'myOrder', '/myOrder');
    const order = orderRow(page, orderNo);
    await order.waitFor({ state: 'visible' });
    const pending = await order.textContent();
    expect(pending).toContain('账户充值（对公转账）');
    expect(pending).toContain('待支付');
    expect(pending).toContain('¥200.00');

    // The money arrives at the bank; an operator confirms the amount that arrived.
    expect(await settler.confirm(orderNo, '200.00')).toMatchObject({ code: 200, data: { status: 'paid' } });

    await openWalletPage(page, 'voucherCenter', '/voucherCenter');
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥200.00');
    await openWalletPage(page, 'myOrder', '/myOrder');
    await expect.poll(() => order.textContent()).toContain('已支付');
    expect(await order.textContent()).not.toContain('待支付');

    // A second transfer is promised but never arrives: the operator closes that order unpaid.
    await openWalletPage(page, 'voucherCenter', '/voucherCenter');
    const unpaidNo = await openBankTransfer(page, 50);
    expect(unpaidNo).not.toBe(orderNo);
    expect(await page.getByTestId('bank-amount').textContent()).toBe('¥50.00');
    await page.getByTestId('bank-transfer-done').click();
    await openWalletPage(page, 'myOrder', '/myOrder');
    const unpaid = orderRow(page, unpaidNo);
    await expect.poll(() => unpaid.textContent()).toContain('待支付');

    expect(await settler.reject(unpaidNo)).toMatchObject({ code: 200, data: { status: 'closed' } });

    await openWalletPage(page, 'voucherCenter', '/voucherCenter');
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥200.00');
    await openWalletPage(page, 'myOrder', '/myOrder');
    await expect.poll(() => unpaid.textContent()).toContain('已取消');
    expect(await unpaid.textContent()).toContain('¥50.00');
    expect(await order.textContent()).toContain('已支付');
  });
});
