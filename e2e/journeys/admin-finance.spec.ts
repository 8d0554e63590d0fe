import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, latestCode, registerByEmail, registerOperator, uniqueAccount } from '../support/dev-api.js';
import { verifyRealName } from '../support/renter.js';

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

/** A user who paid 100 yuan at the sandbox cashier and applied for invoices of 30 and of 40 yuan, made out to a title. */
async function userWithInvoices(title: string) {
  const user = await registerByEmail();
  const order = await callApi<{ orderNo: string }>('POST', '/recharge/api/wx-pay/native/', {
    token: user.token,
    body: { amount: '100' },
  });
  await callApi('POST', `/dev/payments/${order.data.orderNo}/pay`, { body: {} });
  await callApi('POST', '/recharge/invoice/insert', {
    token: user.token,
    body: {
      title,
      taxNumber: '91110108MA01ABCD2X',
      type: 'vatGeneral',
      contactName: 'Li Si',
      phone: '13800138000',
      email: 'finance@example.com',
      bank: 'ICBC Beijing',
      account: '0200001234567890123',
      address: '1 Zhongguancun Street, Beijing',
    },
  });
  const ids: string[] = [];
  for (const amount of ['30', '40']) {
    const applied = await callApi<{ id: string }>('POST', '/recharge/invoice/createInvoiceAmountInfo', {
      token: user.token,
      body: { amount },
    });
    ids.push(applied.data.id);
  }
  return { ...user, ids };
}

/** Pays a recharge of `yuan` at the sandbox cashier; answers its order number. */
async function recharge(token: string, yuan: string) {
  const order = await callApi<{ orderNo: string }>('POST', '/recharge/api/wx-pay/native/', {
    token,
    body: { amount: yuan },
  });
  await callApi('POST', `/dev/payments/${order.data.orderNo}/pay`, { body: {} });
  return order.data.orderNo;
}

/**
 * A verified partner whose invitee recharged 2000 yuan (200 of income, reviewed at once by the development tools),
 * who asks to withdraw 150 with a general VAT invoice; answers the withdrawal's id.
 */
async function partnerWithWithdrawal() {
  const partner = await registerByEmail();
  await verifyRealName(partner.token);
  const account = { name: '王五', idNumber: '110101199001011234', alipayPhone: '13800138000', agreementAccepted: true };
  await callApi('POST', '/recharge/blogger/insertPersonWithdraw', { token: partner.token, body: account });
  const channel = await callApi<{ invitationCode: string }>('GET', '/recharge/blogger/selectPromotionChannel', {
    token: partner.token,
  });
  const { email } = uniqueAccount();
  await callApi('POST', '/auth/email/send', { body: { email, type: '1' } });
  const invitee = await callApi<{ access_token: string }>(
    'POST',
    `/auth/user/registerByEmail?invitationCode=${encodeURIComponent(channel.data.invitationCode)}`,
    { body: { mail: email, password: 'journey-pass-1', emailCode: await latestCode(email) } },
  );
  await recharge(invitee.data.access_token, '2000');
  const earnings = () =>
    callApi<{ inReview: string; withdrawable: string }>('GET', '/recharge/blogger/getBloggerAmountFormerly', {
      token: partner.token,
    });
  // The income is booked by an event consumer, a moment after the recharge.
  await expect.poll(async () => (await earnings()).data.inReview, { timeout: 30_000, interval: 500 }).toBe('200.00');
  await callApi('POST', '/dev/partners/review', { body: { account: partner.email } });
  await expect.poll(async () => (await earnings()).data.withdrawable).toBe('200.00');
  const withdrawal = await callApi<{ withdrawalId: string }>('POST', '/recharge/blogger/insertPersonWithdraw', {
    token: partner.token,
    body: { ...account, amount: '150', invoiceType: 'vatGeneral' },
  });
  expect(withdrawal.data.withdrawalId).toMatch(/^\d+$/);
  return { ...partner, withdrawalId: withdrawal.data.withdrawalId, earnings };
}

/** The lines under the header of the CSV an export button saves. */
async function exportedLines(page: Page, testId: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  return csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1);
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
    // The export reads the list as it is filtered: this one order, its amount as exact yuan for the accountant.
    const exported = await exportedLines(page, 'bank-orders-export');
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatch(new RegExp(`^${orderNo},\\d+,200\\.00,Paid,`));

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

  it('rejects an invoice with a note the user reads, and completes another with its file', async () => {
    const { page, baseUrl } = session;
    const title = `Journey Ltd ${Date.now()}`;
    const user = await userWithInvoices(title);
    const [rejectedId, completedId] = user.ids as [string, string];
    const operator = await registerOperator();

    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, operator.token, '/admin/finance/invoices');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Invoices');
    // Oldest first: a busy queue may hold the user's applications past the first page, so it shows a page of 100.
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '100' }).click();
    const toReject = page
      .locator('[data-testid="invoices-table"] tbody tr.ant-table-row', { hasText: '¥30.00' })
      .filter({ hasText: title });
    await toReject.waitFor();

    await toReject.getByTestId('invoice-reject-button').click();
    await page.getByTestId('invoice-reject-ok').click();
    await page.locator('.ant-form-item-explain-error', { hasText: 'reason for the rejection' }).waitFor();
    await page.getByTestId('invoice-reject-note').fill('Wrong taxpayer number');
    await page.getByTestId('invoice-reject-reason').fill('checked against the tax register');
    await page.getByTestId('invoice-reject-ok').click();
    await page.locator('.ant-message', { hasText: `The application of ${title} is rejected` }).waitFor();
    await expect.poll(() => toReject.count()).toBe(0);

    const toComplete = rowOf(page, 'invoices-table', title);
    await toComplete.getByTestId('invoice-complete-button').click();
    await page.locator('.ant-modal input[type="file"]').setInputFiles({
      name: 'invoice-40.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\nthe journey invoice\n%%EOF\n'),
    });
    await page.getByTestId('invoice-complete-reason').fill('issued');
    await page.getByTestId('invoice-complete-ok').click();
    await page.locator('.ant-message', { hasText: `The invoice for ${title} is completed` }).waitFor();

    await page.getByTestId('admin-menu-auditLog').click();
    const rejection = rowOf(page, 'audit-table', `invoice-application:${rejectedId}`);
    await rejection.first().waitFor();
    expect(await rejection.first().textContent()).toContain('invoices.reject');
    expect(await rejection.first().textContent()).toContain('checked against the tax register');
    const completion = rowOf(page, 'audit-table', `invoice-application:${completedId}`);
    await expect
      .poll(() => completion.allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('invoices.complete')]));

    await openSignedIn(page, baseUrl, user.token, '/invoices');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId(`invoice-status-${rejectedId}`).textContent()).toBe('Rejected');
    expect(await page.getByTestId(`invoice-rejection-${rejectedId}`).textContent()).toBe(
      'Reason: Wrong taxpayer number',
    );
    expect(await page.getByTestId(`invoice-status-${completedId}`).textContent()).toBe('Completed');
  });

  it('approves a partner’s withdrawal once it is paid out; the partner’s held amount is released', async () => {
    const { page, baseUrl } = session;
    const partner = await partnerWithWithdrawal();
    const operator = await registerOperator();

    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, operator.token, '/admin/finance/withdrawals');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Withdrawals');
    // Oldest first, paged by the server: a busy queue may hold this one past the first page, so it shows 100.
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '100' }).click();
    const row = page
      .locator('[data-testid="withdrawals-table"] tbody tr.ant-table-row')
      .filter({ has: page.locator('td', { hasText: new RegExp(`^${partner.withdrawalId}$`) }) });
    await expect.poll(() => row.textContent()).toContain('¥141.00');
    expect(await row.textContent()).toContain('¥9.00');

    await row.getByTestId('withdrawal-complete-button').click();
    await page.getByTestId('withdrawal-complete-reason').fill('paid by Alipay transfer');
    await page.getByTestId('withdrawal-complete-ok').click();
    await page.locator('.ant-message', { hasText: 'The withdrawal of 王五 is approved' }).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByTestId('withdrawals-filter-status').click();
    await page.locator('.ant-select-item-option', { hasText: 'Completed' }).click();
    await expect.poll(() => row.textContent()).toContain('Completed');
    const exported = await exportedLines(page, 'withdrawals-export');
    expect(exported.find((line) => line.startsWith(`${partner.withdrawalId},`))).toContain(
      ',150.00,9.00,141.00,Completed,',
    );
    expect((await partner.earnings()).data).toMatchObject({ held: '0.00', withdrawable: '50.00' });

    await page.getByTestId('admin-menu-auditLog').click();
    const audit = rowOf(page, 'audit-table', `withdrawal:${partner.withdrawalId}`);
    await audit.first().waitFor();
    expect(await audit.first().textContent()).toContain('partners.completeWithdrawal');
    expect(await audit.first().textContent()).toContain('paid by Alipay transfer');
  });

  it('creates a batch of redeem codes, exports them, and a user redeems one; a voucher goes to a user', async () => {
    const { page, baseUrl } = session;
    const operator = await registerOperator();
    const user = await registerByEmail();
    const name = `journey-batch-${Date.now()}`;

    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, operator.token, '/admin/finance/redeem');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Codes and vouchers');
    await page.getByTestId('redeem-batch-name').fill(name);
    await page.getByTestId('redeem-batch-amount').fill('25');
    await page.getByTestId('redeem-batch-count').fill('3');
    await page.getByTestId('redeem-batch-reason').fill('spring campaign');
    await page.getByTestId('redeem-batch-submit').click();
    await page.locator('.ant-modal-confirm', { hasText: '3 codes of ¥25 each' }).waitFor();
    await page.getByTestId('redeem-batch-confirm').click();
    await page.getByTestId('redeem-batch-result').waitFor();
    const codes = ((await page.getByTestId('redeem-batch-codes').textContent()) ?? '').split(' ');
    expect(codes).toHaveLength(3);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('redeem-batch-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${name}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    for (const code of codes) {
      expect(csv).toContain(code);
    }

    await page.getByTestId('grant-voucher-account').fill(user.email);
    await page.getByTestId('grant-voucher-name').fill('Welcome back');
    await page.getByTestId('grant-voucher-amount').fill('15');
    await page.getByTestId('grant-voucher-reason').fill('apology for an outage');
    await page.getByTestId('grant-voucher-submit').click();
    await page.getByTestId('grant-voucher-confirm').click();
    await page.locator('.ant-message', { hasText: `${user.email} received ¥15.00` }).waitFor();

    await page.getByTestId('admin-menu-auditLog').click();
    const batchRow = page.locator('[data-testid="audit-table"] tbody tr.ant-table-row', { hasText: 'spring campaign' });
    await batchRow.waitFor();
    expect(await batchRow.textContent()).toContain('redeem.createBatch');
    const voucherRow = page.locator('[data-testid="audit-table"] tbody tr.ant-table-row', {
      hasText: 'apology for an outage',
    });
    await voucherRow.waitFor();

    await openSignedIn(page, baseUrl, user.token, '/voucherCenter');
    await dismissWelcomeDialogs(page);
    await page.getByTestId('wallet-tab-redeem').click();
    await page.getByTestId('redeem-code').fill(codes[0]!);
    await page.getByTestId('redeem-submit').click();
    await page.getByTestId('redeem-done').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥25.00');
  });

  it('refunds part of a recharge; an operator whose colleague refunded it meanwhile is told so (409)', async () => {
    const { page, baseUrl } = session;
    const user = await registerByEmail();
    const orderNo = await recharge(user.token, '100');
    const operator = await registerOperator();
    const colleague = await registerOperator();

    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, operator.token, '/admin/finance/refunds');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Refunds');
    await page.getByTestId('refunds-filter-order').fill(orderNo);
    await page.getByTestId('refunds-search').click();
    const row = rowOf(page, 'refunds-table', orderNo);
    await expect.poll(() => row.textContent()).toContain('¥100.00');

    // The dialog is open on what the operator saw (nothing refunded) when a colleague refunds 30 first.
    await row.getByTestId('refund-button').click();
    await callApi('POST', `/admin/finance/recharge-orders/${orderNo}/refund`, {
      token: colleague.token,
      body: { amount: '30', refunded: '0', reason: 'the payer called the colleague' },
    });
    await page.getByTestId('refund-amount').fill('30');
    await page.getByTestId('refund-reason').fill('the payer asked for 30 back');
    await page.getByTestId('refund-ok').click();
    await page
      .locator('.ant-message', {
        hasText: 'Someone else refunded this order meanwhile: it now shows 30.00 yuan refunded',
      })
      .waitFor();
    await page.locator('.ant-modal .ant-modal-close').click();
    await expect.poll(() => row.textContent()).toContain('Refunded');

    // Reloaded, the operator refunds 20 more of what is left.
    await row.getByTestId('refund-button').click();
    await page.getByTestId('refund-amount').fill('20');
    await page.getByTestId('refund-reason').fill('the rest of the complaint');
    await page.getByTestId('refund-ok').click();
    await page.locator('.ant-message', { hasText: `Order ${orderNo} refunded` }).waitFor();
    await expect.poll(() => row.locator('td').nth(4).textContent()).toBe('¥50.00');

    await page.getByTestId('admin-menu-auditLog').click();
    const audit = rowOf(page, 'audit-table', 'the rest of the complaint');
    await audit.first().waitFor();
    expect(await audit.first().textContent()).toContain('recharge.refund');

    await openSignedIn(page, baseUrl, user.token, '/voucherCenter');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥50.00');
  });
});
