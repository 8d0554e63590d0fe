import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, registerByEmail, registerByPhone, rename, uniqueAccount } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

describe('transferring balance', () => {
  it('finds the recipient, shows their masked name to check, and refuses more than the balance', async () => {
    const { page, baseUrl } = session;
    const payer = await registerByEmail();
    const recipient = await registerByPhone();
    await rename(recipient.token, '转账收款人');
    await openSignedIn(page, baseUrl, payer.token, '/voucherCenter');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥0.00');
    await page.getByTestId('wallet-tab-transfer').click();
    const find = async (account: string) => {
      await page.getByTestId('transfer-username').fill(account);
      await page.getByTestId('transfer-find').click();
    };

    await find(payer.email);
    await page.getByText('不能转账给自己').waitFor({ state: 'visible' });
    await find(uniqueAccount().phone);
    await page.getByText('未找到该用户，请检查手机号或邮箱').waitFor({ state: 'visible' });
    await find(recipient.phone);
    await expect.poll(() => page.getByTestId('transfer-recipient-name').textContent()).toBe('转***人');

    // Another account is another recipient: the name checked no longer stands.
    await page.getByTestId('transfer-username').fill(payer.email);
    await page.getByTestId('transfer-recipient').waitFor({ state: 'detached' });
    await find(recipient.phone);
    await page.getByTestId('transfer-recipient').waitFor({ state: 'visible' });

    await page.getByTestId('transfer-amount').fill('0.001');
    await page.getByTestId('transfer-submit').click();
    await page.getByText('转账金额应在 0.01 至 999,999.99 元之间，最多两位小数').waitFor({ state: 'visible' });
    await page.getByTestId('transfer-amount').fill('1');
    await page.getByTestId('transfer-submit').click();
    await page.getByText('余额不足').waitFor({ state: 'visible' });
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);

    // The server refuses the same transfer by itself, in the same words.
    const refused = await callApi('POST', '/recharge/transfer', {
      token: payer.token,
      body: { username: recipient.phone, amount: '1' },
    });
    expect(refused).toMatchObject({ code: 422, msg: '余额不足' });
  });

  it('sends a confirmed transfer that both sides see in their balance and ledger', async () => {
    const { page, baseUrl } = session;
    const payer = await registerByEmail();
    const recipient = await registerByPhone();
    await rename(recipient.token, '转账收款人');
    // The payer tops up 100 through the sandbox cashier, as the recharge journey does by hand.
    const order = await callApi<{ orderNo: string }>('POST', '/recharge/api/wx-pay/native/', {
      token: payer.token,
      body: { amount: '100' },
    });
    expect(await callApi('POST', `/dev/payments/${order.data.orderNo}/pay`, { body: {} })).toMatchObject({
      data: { status: 'paid' },
    });

    await openSignedIn(page, baseUrl, payer.token, '/voucherCenter');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥100.00');
    await page.getByTestId('wallet-tab-transfer').click();
    await page.getByTestId('transfer-username').fill(recipient.phone);
    await page.getByTestId('transfer-find').click();
    await page.getByTestId('transfer-recipient').waitFor({ state: 'visible' });
    await page.getByTestId('transfer-amount').fill('30.25');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-confirm-ok').click();
    await page.getByTestId('transfer-done').waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥69.75');

    const received = await callApi<{ rows: { transactionType: string; amount: string }[] }>(
      'GET',
      '/recharge/order-info/selectIncomeExpense',
      { token: recipient.token },
    );
    expect(received.data.rows).toEqual([expect.objectContaining({ transactionType: 'transferIn', amount: '30.25' })]);
  });

  it('shows the same zero balance in the avatar dropdown and an empty ledger with nothing to export', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/revAndexp');
    await dismissWelcomeDialogs(page);

    await page.getByText('暂无收支记录').waitFor({ state: 'visible' });
    expect(await page.getByTestId('ledger-export').isDisabled()).toBe(true);
    await page.getByTestId('user-avatar').hover();
    await expect.poll(() => page.getByTestId('user-balance').textContent()).toContain('¥0.00');
    await expect.poll(() => page.getByTestId('user-vouchers').textContent()).toContain('¥0.00');
  });
});
