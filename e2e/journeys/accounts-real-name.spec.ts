import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openSignedIn } from '../support/console.js';
import { registerByEmail, sandboxIdNumber } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/** Opens the real-name form from the security list, unless it is open already. */
async function openRealNameForm() {
  const { page } = session;
  if (!(await page.getByTestId('realname-name').isVisible())) {
    await page.getByTestId('security-action-realname').click();
  }
}

async function submitRealName(name: string, idNumber: string) {
  const { page } = session;
  await openRealNameForm();
  await page.getByTestId('realname-name').fill(name);
  await page.getByTestId('realname-id-card').fill(idNumber);
  // The attempts left can show the last answer while its button still spins, and a spinning button ignores a click
  // (a submit lost that way failed a loaded run).
  await expect.poll(() => page.getByTestId('realname-submit').getAttribute('class')).not.toContain('ant-btn-loading');
  await page.getByTestId('realname-submit').click();
}

describe('real-name verification', () => {
  it('opens /reward once the user passes verification', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/reward');
    // Not verified yet: the guard keeps the user off the KOL page.
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/reward');
    await dismissWelcomeDialogs(page);

    await page.goto(`${baseUrl}/userCenter`);
    await dismissWelcomeDialogs(page);
    await submitRealName('张三', sandboxIdNumber());
    await page.getByTestId('realname-record').waitFor({ state: 'visible' });
    expect(await page.getByTestId('realname-record-id-card').textContent()).toMatch(/^1101\*+\d{3}[\dX]$/);

    await page.goto(`${baseUrl}/reward`);
    await dismissWelcomeDialogs(page);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/reward');
    await page.getByTestId('page-title').waitFor({ state: 'visible' });
  });

  it('refuses a fourth attempt after three failures in 24 hours', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/userCenter');
    await dismissWelcomeDialogs(page);
    // A well-formed number (its check digit fits, so the form lets it through) that the sandbox refuses: a birth
    // date in the future.
    const unborn = sandboxIdNumber('11010520990307123');
    for (const left of ['2', '1']) {
      await submitRealName('李四', unborn);
      await expect.poll(() => page.getByTestId('realname-attempts-left').textContent()).toContain(left);
    }
    await submitRealName('李四', unborn);
    await expect
      .poll(() => page.getByTestId('realname-attempts-left').textContent())
      .toContain('24 小时内的认证次数已用完');
    await expect.poll(() => page.getByTestId('realname-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('realname-record').count()).toBe(0);
  });
});
