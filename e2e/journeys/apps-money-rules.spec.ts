import { parseMoney } from '@suanli/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';
import { applicationsOf, imageNamed, verifiedRenterWithBalance, verifyRealName } from '../support/renter.js';

// Issue 19: no GPU without money, a refund seen where the money is, statements that foot on the page and in the CSV.
let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

describe('renting with 0.00', () => {
  it('is refused, and the refusal leads to the recharge', async () => {
    const { page, baseUrl } = session;
    const user = await registerByEmail();
    await verifyRealName(user.token);
    const pytorch = await imageNamed('PyTorch');
    await openSignedIn(page, baseUrl, user.token, '/aigc');
    await dismissWelcomeDialogs(page);
    await page.getByTestId(`image-rent-${pytorch.id}`).click();
    await page.getByTestId('create-drawer').waitFor({ state: 'visible' });
    await page.getByTestId('create-next').click();
    await page.locator('.ant-drawer tr[data-row-key="RTX 4090"]').click();
    await page.getByTestId('create-next').click();
    await page.getByTestId('create-submit').click();

    const refusal = page.getByTestId('app-refusal');
    await refusal.waitFor({ state: 'visible' });
    expect(await refusal.getAttribute('data-kind')).toBe('balance');
    expect(await refusal.textContent()).toContain('余额不足，请先充值');
    await page.getByTestId('app-refusal-recharge').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/voucherCenter');
    expect(await applicationsOf(user.token)).toEqual([]);
  });
});

describe('a prepaid application destroyed early', () => {
  it('shows its refund in the confirmation, the ledger and its order, whose lines and the CSV foot', async () => {
    const { page, baseUrl } = session;
    const renter = await verifiedRenterWithBalance();
    const image = await imageNamed('PyTorch');
    const created = await callApi<{ id: string }>('POST', '/equipment/deviceServer/createApplication', {
      token: renter.token,
      body: { imageId: image.id, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'day', appName: 'refund-app' },
    });
    expect(created.code).toBe(200);
    const id = created.data.id;
    await expect.poll(async () => (await applicationsOf(renter.token))[0]?.status, { timeout: 30_000 }).toBe('running');
    await callApi('POST', '/dev/clock', { body: { advanceMinutes: 360 } });
    const [app] = await applicationsOf(renter.token);

    await openSignedIn(page, baseUrl, renter.token, '/myApp');
    await dismissWelcomeDialogs(page);
    await page.getByTestId(`app-destroy-${id}`).click();
    const note = page.getByTestId('app-destroy-refund');
    await note.waitFor({ state: 'visible' });
    const quoted = (await note.getAttribute('data-refund'))!;
    expect(parseMoney(quoted)! > 0n).toBe(true);
    expect(await note.textContent()).toContain(`销毁后将退还 ¥${quoted}`);
    await page.getByTestId('app-destroy-ok').click();
    await expect.poll(async () => (await applicationsOf(renter.token)).length, { timeout: 30_000 }).toBe(0);

    // The ledger: the refund and its fee under the application's order, what came back as quoted.
    const ledger = await callApi<{ rows: { transactionType: string; amount: string; actualAmount: string }[] }>(
      'GET',
      `/recharge/order-info/selectIncomeExpense?orderNo=${app!.orderNo}`,
      { token: renter.token },
    );
    const refund = ledger.data.rows.find((row) => row.transactionType === 'refund')!;
    const fee = ledger.data.rows.find((row) => row.transactionType === 'refundFee')!;
    expect(parseMoney(refund.amount)! - parseMoney(fee.amount)!).toBe(parseMoney(quoted));

    await page.goto(`${baseUrl}/revAndexp`);
    const table = page.getByTestId('ledger-table');
    await table.waitFor({ state: 'visible' });
    await expect.poll(() => table.textContent()).toContain('退款手续费');
    expect(await table.textContent()).toContain(`¥${refund.amount}`);

    // The CSV: each balance is the one before it plus what moved (rows newest first).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ledger-export').click()]);
    const csv = await new Promise<string>((resolve, reject) => {
      let text = '';
      void download.createReadStream().then((stream) => {
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      });
    });
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (let index = 0; index + 1 < rows.length; index += 1) {
      const [newer, older] = [rows[index]!, rows[index + 1]!];
      expect(parseMoney(newer[6]!)).toBe(parseMoney(older[6]!)! + parseMoney(newer[5]!)!);
    }

    // The order: its amount is what it cost net of the refund, and its lines add up to it.
    await page.goto(`${baseUrl}/myOrder`);
    const [after] = (
      await callApi<{ rows: { orderNo: string; amount: string }[] }>(
        'POST',
        '/recharge/order-info/selectDealInfoList',
        {
          token: renter.token,
          body: {},
        },
      )
    ).data.rows.filter((row) => row.orderNo === app!.orderNo);
    const amount = page.getByTestId(`order-${app!.orderNo}-amount`);
    await amount.waitFor({ state: 'visible' });
    expect(await amount.textContent()).toBe(`¥${after!.amount}`);
    await page.getByTestId(`order-${app!.orderNo}`).locator('.ant-table-row-expand-icon').click();
    const bills = page.getByTestId(`order-${app!.orderNo}-bills`);
    await bills.waitFor({ state: 'visible' });
    const lines = await bills.getByTestId('order-bill-amount').allTextContents();
    const total = lines.reduce((sum, line) => sum + parseMoney(line.replace('¥', ''))!, 0n);
    expect(total).toBe(parseMoney(after!.amount));
    expect(parseMoney(after!.amount)).toBe(parseMoney(app!.cost)! - parseMoney(quoted)!);
  });
});
