import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi } from '../support/dev-api.js';
import { applicationsOf, imageNamed, verifiedRenterWithBalance } from '../support/renter.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

describe('the console home', () => {
  it('shows the balance, the application counts and the recent activity, each leading on', async () => {
    const { page, baseUrl } = session;
    const renter = await verifiedRenterWithBalance();
    const ollama = await imageNamed('Ollama');
    const created = await callApi<{ id: string }>('POST', '/equipment/deviceServer/createApplication', {
      token: renter.token,
      body: { imageId: ollama.id, gpuModel: 'RTX 4090', gpuCount: 1, billingMode: 'minute', appName: 'home-app' },
    });
    expect(created.code).toBe(200);
    const { id } = created.data;
    await expect.poll(async () => (await applicationsOf(renter.token))[0]?.status, { timeout: 30_000 }).toBe('running');

    await openSignedIn(page, baseUrl, renter.token, '/ourConsole');
    await dismissWelcomeDialogs(page);
    const balance = await callApi<{ balance: string }>('GET', '/recharge/order-info/selectBalance', {
      token: renter.token,
    });
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe(`¥${balance.data.balance}`);
    await expect.poll(() => page.getByTestId('console-count-total').textContent()).toBe('1');
    expect(await page.getByTestId('console-count-running').textContent()).toBe('1');
    expect(await page.getByTestId('console-count-uninstallingSoon').textContent()).toBe('0');
    await page.getByTestId(`console-recent-app-${id}`).waitFor({ state: 'visible' });
    expect(await page.getByTestId('console-recent-ledger').textContent()).toContain('¥100.00');

    await page.getByTestId('console-count-link-running').click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/myApp?status=running');
    await expect.poll(() => page.getByTestId(`app-status-${id}`).getAttribute('data-status')).toBe('running');

    // Its name opens the application's own page, with its facts and links.
    await page.getByTestId(`app-name-${id}`).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/viewApp?id=${id}`);
    expect(await page.getByTestId('app-view').textContent()).toContain('RTX 4090 × 1');
    expect(await page.getByTestId(`app-status-${id}`).getAttribute('data-status')).toBe('running');
    await page.getByTestId(`app-links-${id}`).waitFor({ state: 'visible' });
  });
});
