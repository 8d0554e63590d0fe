import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/** An operator (granted finance with the dev tool) makes a batch of codes through the operators' call. */
async function codesWorth(amount: string, count: number) {
  const operator = await registerByEmail();
  await callApi('POST', '/dev/operators/areas', { body: { account: operator.email, area: 'finance' } });
  const batch = await callApi<{ codes: string[] }>('POST', '/admin/finance/redeem-batches', {
    token: operator.token,
    body: { name: 'Journey batch', amount, count, reason: 'a journey' },
  });
  return batch.data.codes;
}

describe('redeeming a code', () => {
  it('adds its amount to the balance once, and refuses it the second time under the field', async () => {
    const { page, baseUrl } = session;
    const [code] = await codesWorth('20', 1);
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/voucherCenter');
    await dismissWelcomeDialogs(page);
    await page.getByTestId('wallet-tab-redeem').click();

    await page.getByTestId('redeem-submit').click();
    await page.getByText('请输入兑换码').waitFor({ state: 'visible' });

    // Typed by hand: lower case, no dashes.
    await page.getByTestId('redeem-code').fill(code!.toLowerCase().replaceAll('-', ''));
    await page.getByTestId('redeem-submit').click();
    await page.getByTestId('redeem-done').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥20.00');

    await page.getByTestId('redeem-code').fill(code!);
    await page.getByTestId('redeem-submit').click();
    await page.getByText('兑换码不存在、已使用或已过期').waitFor({ state: 'visible' });
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('¥20.00');
  });
});
