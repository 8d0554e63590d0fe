import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { registerByEmail, registerOperator } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/** The user chooses 200 yuan by bank transfer on the wallet page and answers the order number to write as remark. */
async function openBankTransfer(page: Page) {
  await page.getByTestId('recharge-preset-200').click();
  await page.getByTestId('recharge-form').locator('label', { hasText: '对公转账' }).click();
  await page.getByTestId('recharge-submit').click();
  const remark = page.getByTestId('bank-remark');
  await remark.waitFor({ state: 'visible' });
  const orderNo = /R\d{20}/.exec((await remark.textContent()) ?? '')?.[0];
  expect(orderNo).toBeDefined();
  await page.getByTestId('bank-transfer-done').click();
  return orderNo!;
}

/** Rows of a console table, by a text they hold. */
const rowOf = (page: Page, table: string, text: string) =>
  page.locator(`[data-testid="${table}"] tbody tr.ant-table-row`, { hasText: text });

describe('the finance desk', () => {
  it('confirms a bank transfer against the amount received; the user sees the balance and the log the action', async () => {
    const { page, baseUrl } = session;
    const user = await registerByEmail();
    const operator = await registerOperator();
    await openSignedIn(page, baseUrl, user.token, '/voucherCenter');
    await dismissWelcomeDialogs(page);
    const orderNo = await openBankTransfer(page);

    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, operator.token, '/admin/finance/bank-orders');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Bank transfers');
    await page.getByTestId('bank-orders-filter-order').fill(orderNo);
    await page.getByTestId('bank-orders-search').click();
    const row = rowOf(page, 'bank-orders-table', orderNo);
    await expect.poll(() => row.textContent()).toContain('¥200.00');
    expect(await row.textContent()).toContain('Awaiting payment');

    // The statement shows a different amount: nothing is credited, and the dialog says what the order expects.
    await row.getByTestId('bank-order-confirm-button').click();
    await page.getByTestId('bank-order-confirm-amount').fill('199.99');
    await page.getByTestId('bank-order-confirm-reason').fill('seen on the statement');
    await page.getByTestId('bank-order-confirm-ok').click();
    const amountError = page.locator('.ant-form-item-explain-error', { hasText: '200.00' });
    await amountError.waitFor();

    await page.getByTestId('bank-order-confirm-amount').fill('200.00');
    await page.getByTestId('bank-order-confirm-ok').click();
    await page.locator('.ant-message', { hasText: `${orderNo} is confirmed` }).waitFor();
    // It leaves the pending queue for the paid orders.
    await expect.poll(() => row.count()).toBe(0);
    await page.getByTestId('bank-orders-filter-status').click();
    await page.locator('.ant-select-item-option', { hasText: 'Paid' }).click();
    await page.getByTestId('bank-orders-search').click();
    await expect.poll(() => row.textContent()).toContain('Paid');

    await page.getByTestId('admin-menu-auditLog').click();
    const audit = rowOf(page, 'audit-table', `recharge-order:${orderNo}`);
    await audit.first().waitFor();
    const logged = await audit.first().textContent();
    expect(logged).toContain('recharge.confirmBankTransfer');
    expect(logged).toContain('seen on the statement');
    expect(logged).toContain(operator.email);

    await openSignedIn(page, baseUrl, user.token, '/voucherCenter');
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥200.00');
  });
});
