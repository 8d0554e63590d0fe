import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn, serverTimeAhead } from '../support/console.js';
import { callApi, registerByEmail } from '../support/dev-api.js';
import { applicationsOf, imageNamed, verifiedRenterWithBalance, verifyRealName } from '../support/renter.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

function statusOf(page: Page, id: string) {
  return page.getByTestId(`app-status-${id}`).getAttribute('data-status');
}

describe('renting an application', () => {
  it('creates one in three steps from the rent button, then runs, renames, pins, stops, restarts, shuts down on time and destroys it', async () => {
    const { page, context, baseUrl } = session;
    const renter = await verifiedRenterWithBalance();
    const pytorch = await imageNamed('PyTorch');
    await openSignedIn(page, baseUrl, renter.token, '/aigc');
    await dismissWelcomeDialogs(page);
    await page.getByTestId(`image-rent-${pytorch.id}`).click();

    // Step 2 opens with the image from the rent button chosen in step 1.
    await page.getByTestId('create-drawer').waitFor({ state: 'visible' });
    expect(new URL(page.url()).search).toBe(`?create=${pytorch.id}`);
    await page.getByTestId('create-previous').click();
    expect(await page.getByTestId(`create-image-${pytorch.id}`).getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('create-next').click();
    await page.getByTestId('create-next').click();
    expect(await page.getByTestId('create-problem').textContent()).toBe('请选择GPU');

    await page.locator('.ant-drawer tr[data-row-key="RTX 4090"]').click();
    await page.getByTestId('app-price-total').waitFor({ state: 'visible' });
    expect(await page.getByTestId('app-price').textContent()).toContain('运行后按分钟计费');
    await page.getByTestId('create-next').click();

    await page.getByTestId('create-disk').fill('15');
    await page.getByTestId('create-disk-error').waitFor({ state: 'visible' });
    await page.getByTestId('create-disk').fill('20');
    await page.getByTestId('create-disk-price').waitFor({ state: 'visible' });
    await page.getByTestId('create-name').fill('journey-app');
    await page.getByTestId('create-submit').click();
    await page.getByTestId('create-done').waitFor({ state: 'visible' });
    await page.getByTestId('create-drawer').waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toBe('');

    const [created] = await applicationsOf(renter.token);
    expect(created).toMatchObject({ appName: 'journey-app', gpuModel: 'RTX 4090', dataDiskGb: 20 });
    const id = created!.id;
    // The list polls while the application starts, and shows it running without a reload.
    await expect.poll(() => statusOf(page, id), { timeout: 30_000 }).toBe('running');

    // Its link opens on the application's own origin, in a tab opened by the click itself.
    await page.getByTestId(`app-links-${id}`).click();
    const [workspace] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId(`app-link-${id}-8888`).click(),
    ]);
    await expect.poll(() => new URL(workspace.url()).hostname, { timeout: 15_000 }).toBe(`${id}-8888.apps.localhost`);
    await workspace.close();

    // Billed by the minute from running: ten minutes later the list shows what the server has charged since. Minutes
    // are billed once the driver has confirmed them, which on a busy box may be a reconcile later, with real minutes
    // added meanwhile: at least the ten.
    const [billedBefore] = await applicationsOf(renter.token);
    await callApi('POST', '/dev/clock', { body: { advanceMinutes: 10 } });
    await expect
      .poll(async () => (await applicationsOf(renter.token))[0]!.billedMinutes - billedBefore!.billedMinutes, {
        timeout: 150_000,
      })
      .toBeGreaterThanOrEqual(10);
    const [billedAfter] = await applicationsOf(renter.token);
    expect(Number(billedAfter!.cost)).toBeGreaterThan(Number(billedBefore!.cost));
    await page.reload();
    await expect.poll(() => page.getByTestId(`app-cost-${id}`).textContent()).toBe(`¥${billedAfter!.cost}`);
    // Its bill lines are one click away: the charges posted under its order.
    await page.getByTestId(`app-cost-${id}`).click();
    const bills = page.getByTestId(`app-bills-${id}`);
    await bills.waitFor({ state: 'visible' });
    await expect.poll(() => bills.getByTestId('app-bill-line').count()).toBeGreaterThan(0);
    expect(await bills.textContent()).toContain(String(billedAfter!.billedMinutes));
    await page.keyboard.press('Escape');

    // Esc leaves the name alone; Enter saves the new one.
    await page.getByTestId(`app-rename-${id}`).click();
    await page.getByTestId(`app-name-input-${id}`).fill('throwaway');
    await page.getByTestId(`app-name-input-${id}`).press('Escape');
    expect(await page.getByTestId(`app-name-${id}`).textContent()).toBe('journey-app');
    await page.getByTestId(`app-rename-${id}`).click();
    await page.getByTestId(`app-name-input-${id}`).fill('my-pytorch');
    await page.getByTestId(`app-name-input-${id}`).press('Enter');
    await expect.poll(async () => (await applicationsOf(renter.token))[0]?.appName).toBe('my-pytorch');
    expect(await page.getByTestId(`app-name-${id}`).textContent()).toBe('my-pytorch');

    await page.getByTestId(`app-pin-${id}`).click();
    await page.getByTestId(`app-pinned-${id}`).waitFor({ state: 'visible' });

    await page.getByTestId(`app-stop-${id}`).click();
    await page.getByTestId('app-stop-ok').click();
    await expect.poll(() => statusOf(page, id), { timeout: 30_000 }).toBe('stopped');
    expect(await page.getByTestId(`app-timed-stop-${id}`).isDisabled()).toBe(true);

    await page.getByTestId(`app-restart-${id}`).click();
    await expect.poll(() => statusOf(page, id), { timeout: 30_000 }).toBe('running');

    await page.getByTestId(`app-timed-stop-${id}`).click();
    const input = page.locator('#app-timed-stop-time');
    await input.fill(await serverTimeAhead(page, 120));
    await input.press('Enter');
    await page.getByTestId('app-timed-stop-ok').click();
    await page.getByTestId(`app-timed-stop-time-${id}`).waitFor({ state: 'visible' });

    await callApi('POST', '/dev/clock', { body: { advanceMinutes: 180 } });
    await page.reload();
    await expect.poll(() => statusOf(page, id), { timeout: 30_000 }).toBe('stopped');

    await page.getByTestId(`app-destroy-${id}`).click();
    await page.getByTestId('app-destroy-ok').click();
    await page.getByText('应用已销毁').waitFor({ state: 'visible' });
    await page.getByTestId('app-empty').waitFor({ state: 'visible', timeout: 30_000 });
  }, 300_000);
});

describe('a refused rental', () => {
  it('asks for real-name verification first, then for a recharge when the balance does not cover a prepaid month', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    const vllm = await imageNamed('vLLM');
    await openSignedIn(page, baseUrl, token, `/myApp?create=${vllm.id}`);
    await dismissWelcomeDialogs(page);
    await page.getByTestId('create-drawer').waitFor({ state: 'visible' });
    await page.locator('.ant-drawer tr[data-row-key]:not(.ant-table-row-disabled)').first().click();
    await page.getByTestId('create-billing-month').click();
    await page.getByTestId('create-next').click();
    await page.getByTestId('create-submit').click();
    await expect.poll(() => page.getByTestId('app-refusal').getAttribute('data-kind')).toBe('realName');
    expect(await page.getByTestId('app-refusal-real-name').getAttribute('href')).toBe('/userCenter');

    await verifyRealName(token);
    await page.getByTestId('create-submit').click();
    await expect.poll(() => page.getByTestId('app-refusal').getAttribute('data-kind')).toBe('balance');
    expect(await page.getByTestId('app-refusal-recharge').getAttribute('href')).toBe('/voucherCenter?tab=recharge');
    expect(await applicationsOf(token)).toEqual([]);
  });
});

describe('a prepaid rental', () => {
  it('is renewed for the quoted price, charged on confirmation', async () => {
    const { page, baseUrl } = session;
    const renter = await verifiedRenterWithBalance();
    const pytorch = await imageNamed('PyTorch');
    const created = await callApi<{ id: string }>('POST', '/equipment/deviceServer/createApplication', {
      token: renter.token,
      body: { imageId: pytorch.id, gpuModel: 'RTX 3060', gpuCount: 1, billingMode: 'day', duration: 1 },
    });
    expect(created.code).toBe(200);
    const { id } = created.data;
    await openSignedIn(page, baseUrl, renter.token, '/myApp');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => statusOf(page, id), { timeout: 30_000 }).toBe('running');

    await page.getByTestId(`app-renew-${id}`).click();
    await page.getByTestId('app-renew-duration').fill('2');
    const quote = await callApi<{ price: string }>(
      'GET',
      `/recharge/charge/getGpuPrice?gpuModel=${encodeURIComponent('RTX 3060')}&billingMode=day&duration=2&gpuCount=1`,
      { token: renter.token },
    );
    await expect.poll(() => page.getByTestId('app-price-total').textContent()).toBe(`¥${quote.data.price}`);
    const before = await callApi<{ balance: string }>('GET', '/recharge/order-info/selectBalance', {
      token: renter.token,
    });
    await page.getByTestId('app-renew-ok').click();
    await page.getByTestId('app-renew-done').waitFor({ state: 'visible' });
    const after = await callApi<{ balance: string }>('GET', '/recharge/order-info/selectBalance', {
      token: renter.token,
    });
    expect(Number(before.data.balance) - Number(after.data.balance)).toBeCloseTo(Number(quote.data.price), 2);
  });
});
