import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseLanguage, dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, latestCode, registerByEmail, uniqueAccount } from '../support/dev-api.js';
import { verifyRealName } from '../support/renter.js';

let session: BrowserSession;
afterEach(() => session.close());

/** A user who registers through the KOL's link (the code rides on the registration, as the console sends it). */
async function inviteeOf(code: string) {
  const { email } = uniqueAccount();
  await callApi('POST', '/auth/email/send', { body: { email, type: '1' } });
  const registered = await callApi<{ access_token: string }>(
    'POST',
    `/auth/user/registerByEmail?invitationCode=${encodeURIComponent(code)}`,
    { body: { mail: email, password: 'journey-pass-1', emailCode: await latestCode(email) } },
  );
  return registered.data.access_token;
}

/** The invitee pays a recharge at the sandbox cashier; the KOL earns 10 % of it. */
async function recharge(token: string, yuan: string) {
  const order = await callApi<{ orderNo: string }>('POST', '/recharge/api/wx-pay/native/', {
    token,
    body: { amount: yuan },
  });
  await callApi('POST', `/dev/payments/${order.data.orderNo}/pay`, { body: {} });
}

describe('the KOL and creator programme', () => {
  it('a verified KOL sets a payment account, earns from an invitee and withdraws above 100, seeing the fee and the held amount', async () => {
    // axe is injected as a script at the end, as the accessibility journey injects it.
    session = await openBrowser({ bypassCSP: true });
    const { page, baseUrl } = session;
    const kol = await registerByEmail();
    await verifyRealName(kol.token);
    await chooseLanguage(page, baseUrl, 'en-US');
    await openSignedIn(page, baseUrl, kol.token, '/reward');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('partner-status').textContent()).toBe('Not joined');

    // Withdrawing before an account is set says so; then the account, accepting the partner agreement, joins.
    await page.getByTestId('partner-withdraw').click();
    await page.getByText('Please set your payment account first').waitFor({ state: 'visible' });
    await page.getByTestId('partner-account').click();
    await page.getByTestId('partner-account-name').fill('王五');
    await page.getByTestId('partner-account-id-number').fill('110101199001011234');
    await page.getByTestId('partner-account-alipay-phone').fill('13800138000');
    await page.getByTestId('partner-account-save').click();
    await page.getByText('Please read and accept the partner agreement').waitFor({ state: 'visible' });
    await page.getByTestId('partner-account-agreement').check();
    await page.getByTestId('partner-account-save').click();
    await expect.poll(() => page.getByTestId('partner-status').textContent()).toBe('Partner');

    // An invitee through the KOL's link recharges 2000 yuan: 200 of income, in review until the 8th of next month,
    // whose review the development tools close now.
    const link = (await page.getByTestId('partner-link').textContent()) ?? '';
    const code = new URL(link).searchParams.get('invitationCode')!;
    await recharge(await inviteeOf(code), '2000');
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('partner-in-review').textContent();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('¥200.00');
    expect(await page.getByTestId('partner-withdrawable').textContent()).toBe('¥0.00');
    await callApi('POST', '/dev/partners/review', { body: { account: kol.email } });
    await page.reload();
    await expect.poll(() => page.getByTestId('partner-withdrawable').textContent()).toBe('¥200.00');

    // 150 with a general VAT invoice: a 6 % fee, 141 paid out, all 150 held while finance reviews it.
    await page.getByTestId('partner-withdraw').click();
    await page.getByTestId('partner-withdraw-amount').fill('30');
    await page.getByTestId('partner-withdraw-submit').click();
    await page.getByText('The minimum per withdrawal is 50.00 yuan').waitFor({ state: 'visible' });
    await page.getByTestId('partner-withdraw-amount').fill('250');
    await page.getByText('The amount exceeds the withdrawable amount').waitFor({ state: 'visible' });
    await page.getByTestId('partner-withdraw-amount').fill('150');
    await expect.poll(() => page.getByTestId('partner-withdraw-fee').textContent()).toBe('¥9.00');
    expect(await page.getByTestId('partner-withdraw-payout').textContent()).toBe('¥141.00');
    expect(await page.getByTestId('partner-withdraw-held').textContent()).toBe('¥150.00');
    await page.getByTestId('partner-withdraw-submit').click();
    await page.getByTestId('partner-withdraw-confirm').click();
    await page.getByText('Withdrawal submitted; the amount is held while it is reviewed').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('partner-held').textContent()).toBe('¥150.00');
    expect(await page.getByTestId('partner-withdrawable').textContent()).toBe('¥50.00');
    const row = page.getByTestId('partner-withdrawals').locator('tr.ant-table-row').first();
    await expect.poll(() => row.textContent()).toContain('Under review');
    expect(await row.textContent()).toContain('¥9.00');

    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
