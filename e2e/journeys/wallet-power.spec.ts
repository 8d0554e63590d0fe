import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, PHONE, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, dismissWelcomeDialogs, fitsWidth, openSignedIn, scrollsSideways } from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
afterEach(() => session.close());

/** A new user who topped up through the sandbox cashier, as the recharge journey does by hand. */
async function userWithBalance(yuan: string) {
  const user = await registerByEmail();
  const order = await callApi<{ orderNo: string }>('POST', '/recharge/api/wx-pay/native/', {
    token: user.token,
    body: { amount: yuan },
  });
  await callApi('POST', `/dev/payments/${order.data.orderNo}/pay`, { body: {} });
  return user;
}

describe('power points and packages', () => {
  it('buys points and a package with balance, and shows the balance, the points and the running package', async () => {
    session = await openBrowser();
    const { page, baseUrl } = session;
    const { token } = await userWithBalance('500');
    await openSignedIn(page, baseUrl, token, '/voucherCenter');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥500.00');
    await page.getByTestId('wallet-tab-power').click();
    await expect.poll(() => page.getByTestId('power-points-balance').textContent()).toBe('0');

    // Points for 30 yuan: the points show as the amount is typed, and the confirmation states the cost.
    await page.getByTestId('power-buy-amount').fill('30');
    await expect.poll(() => page.getByTestId('power-buy-preview').textContent()).toBe('可得 3,000 算力点，31 天内有效');
    await page.getByTestId('power-buy-submit').click();
    expect(await page.getByTestId('power-buy-cost').textContent()).toBe('¥30.00');
    await page.getByTestId('power-buy-confirm-ok').click();
    await page.getByTestId('power-buy-done').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥470.00');
    await expect.poll(() => page.getByTestId('power-points-balance').textContent()).toBe('3,000');
    await page.getByTestId('power-history').getByText('余额充值算力点').waitFor({ state: 'visible' });

    // Gold for three months: 95 % of three monthly prices, paid now; the first month's points come at once.
    await page.getByTestId('power-package-gold-months-3').click();
    await expect.poll(() => page.getByTestId('power-package-gold-price').textContent()).toBe('¥282.15');
    await page.getByTestId('power-package-gold-buy').click();
    expect(await page.getByTestId('power-package-cost').textContent()).toBe('¥282.15');
    await page.getByTestId('power-package-confirm-ok').click();
    await page.getByTestId('power-package-done').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥187.85');
    await expect.poll(() => page.getByTestId('power-points-balance').textContent()).toBe('15,000');
    const running = page.getByTestId('power-my-packages');
    await running.getByText('黄金套餐').waitFor({ state: 'visible' });
    await running.getByText('1/3 个月').waitFor({ state: 'visible' });

    // Diamond for a year is more than what is left: the refusal offers the way to recharge.
    await page.getByTestId('power-package-diamond-months-12').click();
    await page.getByTestId('power-package-diamond-buy').click();
    await page.getByTestId('power-package-confirm-ok').click();
    await page.getByTestId('power-balance-short').getByText('余额不足').waitFor({ state: 'visible' });
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('¥187.85');
    await page.getByTestId('power-recharge-link').click();
    await page.getByTestId('recharge-preset-other').waitFor({ state: 'visible' });
    expect(new URL(page.url()).searchParams.get('tab')).toBe('recharge');
  });

  it('fits a phone in English, the fourth tab and the package cards included', async () => {
    session = await openBrowser({ viewport: PHONE });
    const { page, baseUrl } = session;
    const { token } = await userWithBalance('100');
    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, token, '/voucherCenter?tab=power');
    await dismissWelcomeDialogs(page);
    await page.getByTestId('power-package-diamond').waitFor({ state: 'visible' });
    expect(await fitsWidth(page, 'wallet-tab-power')).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
  });
});
