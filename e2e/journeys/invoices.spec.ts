import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';
import { journeyServer } from '../support/journey-server.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

const PDF = Buffer.from('%PDF-1.7\nthe journey invoice\n%%EOF\n');

/** A user who paid 100 yuan at the sandbox cashier. */
async function rechargedUser() {
  const user = await registerByEmail();
  const order = await callApi<{ orderNo: string }>('POST', '/recharge/api/wx-pay/native/', {
    token: user.token,
    body: { amount: '100' },
  });
  await callApi('POST', `/dev/payments/${order.data.orderNo}/pay`, { body: {} });
  return user;
}

const INFORMATION = {
  title: 'Suanli Journey Ltd',
  taxNumber: '91110108MA01ABCD2X',
  type: 'vatSpecial',
  contactName: 'Li Si',
  phone: '13800138000',
  email: 'finance@example.com',
  bank: 'ICBC Beijing',
  account: '0200001234567890123',
  address: '1 Zhongguancun Street, Beijing',
};

/** A finance operator, granted the area with the development tool. */
async function financeOperator() {
  const operator = await registerByEmail();
  await callApi('POST', '/dev/operators/areas', { body: { account: operator.email, area: 'finance' } });
  return operator;
}

/** A finance operator completes the application with an invoice file, through the operators' calls. */
async function completeAsOperator(id: string) {
  const operator = await financeOperator();
  const upload = await callApi<{ url: string; key: string }>('POST', `/admin/finance/invoices/${id}/upload`, {
    token: operator.token,
    body: { contentType: 'application/pdf', reason: 'the issued invoice' },
  });
  const stored = await fetch(new URL(upload.data.url, journeyServer().baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: PDF,
  });
  expect(stored.status).toBe(200);
  const completed = await callApi('POST', `/admin/finance/invoices/${id}/complete`, {
    token: operator.token,
    body: { fileKey: upload.data.key, fileName: 'invoice-100.pdf', reason: 'issued' },
  });
  expect(completed.code).toBe(200);
}

describe('invoices', () => {
  it('applies for an invoice, revokes it, applies again and downloads what an operator completed', async () => {
    const { page, baseUrl } = session;
    const { token } = await rechargedUser();
    await openSignedIn(page, baseUrl, token, '/invoices');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('invoiceable-amount').textContent()).toBe('¥100.00');
    await page.getByText('暂无开票申请').waitFor({ state: 'visible' });

    // No invoice information yet: the apply page sends the user to fill it in first.
    await page.getByTestId('invoice-apply-link').click();
    await page.getByTestId('invoice-information-missing').getByRole('link').click();
    await page.getByTestId('invoice-information-save').click();
    await page.getByText('请输入发票抬头').waitFor({ state: 'visible' });
    const fill = async (field: string, value: string) => page.getByTestId(`invoice-information-${field}`).fill(value);
    await fill('title', '北京算力科技有限公司');
    await fill('taxNumber', '91110108MA01ABCD2X');
    await fill('contactName', '张三');
    await fill('phone', '13800138000');
    await fill('email', 'finance@example.com');
    await fill('bank', '中国工商银行北京分行');
    await fill('account', '0200001234567890123');
    await fill('address', '北京市海淀区中关村大街 1 号');
    await page.getByTestId('invoice-information-save').click();
    await page.getByText('发票信息已保存').waitFor({ state: 'visible' });

    // Apply: the amount's rules of spec §5, then 60 of the 100.
    await page.goto(`${baseUrl}/applyInvoice`);
    await page.getByTestId('invoice-application-submit').click();
    await page.getByText('请输入开票金额').waitFor({ state: 'visible' });
    await page.getByTestId('invoice-amount').fill('100.01');
    await page.getByTestId('invoice-application-submit').click();
    await page.getByText('开票金额不能超过可开票金额 100.00 元').waitFor({ state: 'visible' });
    await page.getByTestId('invoice-amount').fill('60');
    await page.getByTestId('invoice-application-submit').click();
    await page.waitForURL(`${baseUrl}/invoices`);
    const first = (
      await callApi<{ rows: { id: string }[] }>('GET', '/recharge/invoice/selectInvoiceAmountInfo', { token })
    ).data.rows[0]!.id;
    await expect.poll(() => page.getByTestId(`invoice-status-${first}`).textContent()).toBe('已提交');
    await expect.poll(() => page.getByTestId('invoiceable-amount').textContent()).toBe('¥40.00');

    // Revoke, after the confirmation: the 60 is invoiceable again.
    await page.getByTestId(`invoice-revoke-${first}`).click();
    await page.getByTestId('invoice-revoke-ok').click();
    await expect.poll(() => page.getByTestId(`invoice-status-${first}`).textContent()).toBe('已撤回');
    await expect.poll(() => page.getByTestId('invoiceable-amount').textContent()).toBe('¥100.00');

    // Apply again for the whole 100.
    await page.getByTestId('invoice-apply-link').click();
    await page.getByTestId('invoice-amount').fill('100');
    await page.getByTestId('invoice-application-submit').click();
    await page.waitForURL(`${baseUrl}/invoices`);
    const second = (
      await callApi<{ rows: { id: string }[] }>('GET', '/recharge/invoice/selectInvoiceAmountInfo', { token })
    ).data.rows[0]!.id;
    await expect.poll(() => page.getByTestId(`invoice-status-${second}`).textContent()).toBe('已提交');

    // An operator completes it; the user sees it completed and downloads the invoice under its name.
    await completeAsOperator(second);
    await page.reload();
    await expect.poll(() => page.getByTestId(`invoice-status-${second}`).textContent()).toBe('已完成');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(`invoice-download-${second}`).click(),
    ]);
    expect(download.suggestedFilename()).toBe('invoice-100.pdf');
  });

  it('shows a rejection with its note, and the corrected application goes back under review (in English)', async () => {
    const { page, baseUrl } = session;
    const { token } = await rechargedUser();
    await callApi('POST', '/recharge/invoice/insert', { token, body: INFORMATION });
    const applied = await callApi<{ id: string }>('POST', '/recharge/invoice/createInvoiceAmountInfo', {
      token,
      body: { amount: '30' },
    });
    const { id } = applied.data;
    const operator = await financeOperator();
    const rejected = await callApi('POST', `/admin/finance/invoices/${id}/reject`, {
      token: operator.token,
      body: { note: 'Wrong taxpayer number', reason: 'review' },
    });
    expect(rejected.code).toBe(200);

    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, token, '/invoices');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId(`invoice-status-${id}`).textContent()).toBe('Rejected');
    expect(await page.getByTestId(`invoice-rejection-${id}`).textContent()).toBe('Reason: Wrong taxpayer number');
    await expect.poll(() => page.getByTestId('invoiceable-amount').textContent()).toBe('¥100.00');

    await page.getByTestId(`invoice-resubmit-${id}`).click();
    await page.getByText('Rejected: Wrong taxpayer number').waitFor({ state: 'visible' });
    await page.getByTestId('invoice-amount').fill('1.234');
    await page.getByTestId('invoice-application-submit').click();
    await page.getByText('The amount must be positive with at most two decimals').waitFor({ state: 'visible' });
    await page.getByTestId('invoice-amount').fill('40');
    await page.getByTestId('invoice-application-submit').click();
    await page.waitForURL(`${baseUrl}/invoices`);
    await expect.poll(() => page.getByTestId(`invoice-status-${id}`).textContent()).toBe('Submitted');

    await page.getByTestId(`invoice-edit-${id}`).click();
    await page.getByTestId('invoice-amount').fill('45');
    await page.getByTestId('invoice-application-submit').click();
    await page.waitForURL(`${baseUrl}/invoices`);
    await expect.poll(() => page.getByTestId(`invoice-status-${id}`).textContent()).toBe('Modified');
    await expect.poll(() => page.getByTestId('invoiceable-amount').textContent()).toBe('¥55.00');
  });
});
