import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

async function openRechargeDialog(amount: 'preset' | number) {
  const { page } = session;
  if (amount !== 'preset') {
    await page.getByTestId('recharge-preset-other').click();
    await page.getByTestId('recharge-other').fill(String(amount));
  }
  await page.getByTestId('recharge-submit').click();
  await page.getByTestId('recharge-qr').waitFor({ state: 'visible' });
}

describe('recharging', () => {
  it('pays 100 at the sandbox cashier and shows the balance and the income row at once', async () => {
    const { page, context, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/voucherCenter');
    await dismissWelcomeDialogs(page);
    await openRechargeDialog('preset');

    // The QR's five minutes are counted from the order's arrival, whatever the server's clock says.
    expect(await page.getByTestId('recharge-countdown').textContent()).toMatch(/0[45]:\d\d/);
    await page.getByTestId('recharge-sandbox').waitFor({ state: 'visible' });
    const cashierUrl = await page.getByTestId('recharge-cashier-link').getAttribute('href');

    const cashier = await context.newPage();
    await cashier.goto(new URL(cashierUrl!, baseUrl).toString());
    expect(await cashier.getByTestId('sandbox-badge').textContent()).toContain('沙箱');
    expect(await cashier.getByTestId('cashier-amount').textContent()).toBe('¥100.00');
    await cashier.getByTestId('cashier-pay').click();
    await expect.poll(() => cashier.getByTestId('cashier-result').textContent()).toContain('支付成功');

    // The console hears of it by itself: no reload, no click.
    await page.getByTestId('recharge-paid').waitFor({ state: 'visible' });
    await page.getByTestId('recharge-done').click();
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥100.00');

    await page.goto(`${baseUrl}/revAndexp`);
    const row = page.locator('tr', { hasText: '充值' }).first();
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain('¥100.00');

    await page.goto(`${baseUrl}/myOrder`);
    const order = page.getByTestId('order-table').locator('tbody tr', { hasText: '账户充值（微信支付）' });
    await order.waitFor({ state: 'visible' });
    expect(await order.textContent()).toContain('已支付');
    expect(await order.textContent()).toContain('¥100.00');
  });

  it('shows an order whose QR expired as invalid, and the cashier can no longer take the money', async () => {
    const { page, context, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/voucherCenter');
    await dismissWelcomeDialogs(page);
    await openRechargeDialog(88);
    const cashierUrl = await page.getByTestId('recharge-cashier-link').getAttribute('href');

    // Five minutes pass on the server: its expiry job closes the order at the provider.
    expect(await callApi('POST', '/dev/clock', { body: { advanceMinutes: 6 } })).toMatchObject({ code: 200 });
    await page.getByTestId('recharge-invalid').waitFor({ state: 'visible' });
    expect(await page.getByTestId('recharge-invalid').textContent()).toContain('订单已失效，请返回充值页面重新支付');

    const cashier = await context.newPage();
    await cashier.goto(new URL(cashierUrl!, baseUrl).toString());
    await cashier.getByTestId('cashier-pay').click();
    await expect.poll(() => cashier.getByTestId('cashier-result').textContent()).toContain('订单已关闭');

    await page.getByTestId('recharge-again').click();
    await page.getByTestId('recharge-submit').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥0.00');

    await page.goto(`${baseUrl}/myOrder`);
    const order = page.getByTestId('order-table').locator('tbody tr', { hasText: '¥88.00' });
    await order.waitFor({ state: 'visible' });
    expect(await order.textContent()).toContain('已失效');
  });

  it('refuses an amount that is not a whole number from 1 to 5000 before asking the server', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/voucherCenter');
    await dismissWelcomeDialogs(page);
    await page.getByTestId('recharge-preset-other').click();
    await page.getByTestId('recharge-submit').click();
    await page.getByText('请选择或输入正整数金额，单次充值不超过 5000 元').waitFor({ state: 'visible' });
    expect(await page.getByTestId('recharge-dialog').count()).toBe(0);
  });
});
