import { parseMoney } from '@suanli/contract';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn, openWalletPage } from '../support/console.js';
import { callApi } from '../support/dev-api.js';
import { applicationsOf, imageNamed, verifiedRenterWithBalance } from '../support/renter.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

const orderRow = (page: Page, orderNo: string) => page.getByTestId(`order-${orderNo}`);

describe('/myOrder', () => {
  it('lists an application order whose bill lines add up to its cost, and resumes or cancels a pending recharge', async () => {
    const { page, baseUrl } = session;
    const renter = await verifiedRenterWithBalance();
    const image = await imageNamed('Ollama');
    const created = await callApi<{ id: string }>('POST', '/equipment/deviceServer/createApplication', {
      token: renter.token,
      body: { imageId: image.id, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute', appName: 'order-app' },
    });
    expect(created.code).toBe(200);
    await expect.poll(async () => (await applicationsOf(renter.token))[0]?.status, { timeout: 30_000 }).toBe('running');
    await callApi('POST', '/dev/clock', { body: { advanceMinutes: 7 } });
    const [app] = await applicationsOf(renter.token);
    expect(app!.billedMinutes).toBeGreaterThan(0);
    const bank = await callApi<{ orderNo: string }>('POST', '/recharge/payment/createBankpayOrder?amount=300', {
      token: renter.token,
    });

    await openSignedIn(page, baseUrl, renter.token, '/voucherCenter');
    await dismissWelcomeDialogs(page);
    await openWalletPage(page, 'myOrder', '/myOrder');
    const orders = await callApi<{ rows: { orderNo: string; kind: string }[] }>(
      'POST',
      '/recharge/order-info/selectDealInfoList',
      { token: renter.token, body: {} },
    );
    const appOrder = orders.data.rows.find((row) => row.kind === 'application')!;

    // The application order: its amount is the application's cost, and its lines add up to it on the page.
    const row = orderRow(page, appOrder.orderNo);
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain('order-app');
    const amount = (await page.getByTestId(`order-${appOrder.orderNo}-amount`).textContent())!;
    expect(amount).toBe(`¥${app!.cost}`);
    await row.locator('.ant-table-row-expand-icon').click();
    const bills = page.getByTestId(`order-${appOrder.orderNo}-bills`);
    await bills.waitFor({ state: 'visible' });
    const lines = await bills.getByTestId('order-bill-amount').allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    const total = lines.reduce((sum, line) => sum + parseMoney(line.replace('¥', ''))!, 0n);
    expect(total).toBe(parseMoney(app!.cost));

    // The pending bank transfer: its remittance details again, then cancelled after a confirmation.
    const pending = orderRow(page, bank.data.orderNo);
    expect(await pending.textContent()).toContain('待支付');
    await page.getByTestId(`order-${bank.data.orderNo}-resume`).click();
    const dialog = page.getByTestId('bank-transfer-dialog');
    expect(await dialog.getByTestId('bank-remark').textContent()).toBe(bank.data.orderNo);
    expect(await dialog.getByTestId('bank-amount').textContent()).toBe('¥300.00');
    await page.getByTestId('bank-transfer-done').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId(`order-${bank.data.orderNo}-cancel`).click();
    await page.getByTestId(`order-${bank.data.orderNo}-cancel-ok`).click();
    await expect.poll(() => pending.textContent()).toContain('已取消');
    expect(await page.getByTestId(`order-${bank.data.orderNo}-cancel`).count()).toBe(0);
  });
});
