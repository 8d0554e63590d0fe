import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { callApi } from '../support/dev-api.js';
import { imageNamed, runningApplication, verifiedRenterWithBalance } from '../support/renter.js';
import { journeyServer } from '../support/journey-server.js';

let session: BrowserSession;
afterEach(() => session.close());

/** A program's call through the gateway with an API key: no sn header, no session. */
const callGateway = (applicationId: string, key: string) =>
  fetch(`${journeyServer().baseUrl}/gateway/${applicationId}/healthz`, { headers: { authorization: `Bearer ${key}` } });

// Calls bought ahead and not used come back a second after the last call here (decision 0034); the page reads the
// points when it loads.
const SETTLED = { timeout: 30_000, interval: 1_000 };

describe('the API open platform', () => {
  it('creates an API key, whose calls through the gateway spend power points, and rotates it, refusing the old key', async () => {
    const { token } = await verifiedRenterWithBalance();
    const ollama = await imageNamed('Ollama');
    const { id } = await runningApplication(token, { imageId: ollama.id });
    // 1 yuan of points: 100, ten calls at the default price.
    const bought = await callApi('POST', '/recharge/charge/chargeHashrateByBalance?amount=1', { token });
    expect(bought.code).toBe(200);

    session = await openBrowser();
    const { page, baseUrl } = session;
    const shownPoints = async () => {
      await page.reload();
      return page.getByTestId('power-points-balance').textContent();
    };
    await openSignedIn(page, baseUrl, token, '/APIOpen');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => page.getByTestId('power-points-balance').textContent()).toBe('100');
    await page.getByTestId('api-reference-curl').waitFor({ state: 'visible' });
    expect(await page.getByTestId('api-reference-curl').textContent()).toContain("-H 'Authorization: Bearer sk-…'");

    // Made with a name; the key is shown this once.
    await page.getByTestId('api-key-create').click();
    await page.getByTestId('api-key-name').fill('render server');
    await page.getByTestId('api-key-create-submit').click();
    const issued = page.getByTestId('api-key-issued');
    await issued.waitFor({ state: 'visible' });
    const key = (await issued.textContent())!.trim();
    expect(key).toMatch(/^sk-[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('api-key-issued-done').click();
    const table = page.getByTestId('api-keys-table');
    await table.getByText('render server').waitFor({ state: 'visible' });
    expect(await table.textContent()).not.toContain(key);

    // Two calls from a program: the page shows the points they spent, once what was bought ahead is back.
    for (const _ of [1, 2]) {
      const answer = await callGateway(id, key);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('ok');
    }
    await expect.poll(shownPoints, SETTLED).toBe('80');

    // Rotated after a confirmation: a new key shown once, and the old one refused at once.
    await page.locator('[data-testid^="api-key-rotate-"]').click();
    await page.getByTestId('api-key-confirm').click();
    await issued.waitFor({ state: 'visible' });
    const rotated = (await issued.textContent())!.trim();
    expect(rotated).not.toBe(key);
    await page.getByTestId('api-key-issued-done').click();
    const refused = await callGateway(id, key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { msg: string }).msg).toBe('API 密钥无效：已撤销、已轮换或不存在');
    expect((await callGateway(id, rotated)).status).toBe(200);
    await expect.poll(shownPoints, SETTLED).toBe('70');
  });
});
