import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, PHONE, type BrowserSession } from '../support/browser.js';
import { dismissWelcomeDialogs, openInteractive, openSignedIn } from '../support/console.js';
import { registerByEmail } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/** The test id of the focused element, or of what it holds (a menu entry's label), or of what holds it. */
const focusedTestId = () =>
  session.page.evaluate(() => {
    const focused = document.activeElement;
    const marked = focused?.matches('[data-testid]')
      ? focused
      : (focused?.querySelector('[data-testid]') ?? focused?.closest('[data-testid]'));
    return marked?.getAttribute('data-testid') ?? null;
  });
const focusInside = (selector: string) =>
  session.page.evaluate((inside) => Boolean(document.activeElement?.closest(inside)), selector);

describe('the console by keyboard', () => {
  it('opens the login dialog, keeps focus inside it, and gives focus back when it closes', async () => {
    const { page, baseUrl } = session;
    await openInteractive(page, `${baseUrl}/aigc`);
    await page.getByTestId('login-button').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
    await expect.poll(() => focusInside('.ant-modal-wrap')).toBe(true);

    for (let step = 0; step < 20; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside('.ant-modal-wrap'), `after ${step + 1} tabs`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('login-dialog').waitFor({ state: 'hidden' });
    await expect.poll(focusedTestId).toBe('login-button');
  });

  it('opens an entry of the "More" menu and "Contact us" with the arrow keys and Enter', async () => {
    const { page, baseUrl } = session;
    await openInteractive(page, `${baseUrl}/aigc`);
    await page.getByTestId('main-menu').focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByTestId('menu-model').waitFor({ state: 'visible' });
    await expect.poll(() => focusInside('.ant-menu-submenu-popup')).toBe(true);
    await page.keyboard.press('End');
    await expect.poll(focusedTestId).toBe('menu-contactUs');
    await page.keyboard.press('Enter');
    await page.getByTestId('contact-dialog').waitFor({ state: 'visible' });
  });

  it('opens the avatar menu by keyboard and reaches logout', async () => {
    const { page, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/aigc');
    await dismissWelcomeDialogs(page);
    await page.getByTestId('user-avatar').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('logout-button').waitFor({ state: 'visible' });
    await expect.poll(() => focusInside('.ant-dropdown')).toBe(true);
    await page.keyboard.press('End');
    await expect.poll(focusedTestId).toBe('logout-button');
    await page.keyboard.press('Enter');
    await page.locator('.ant-modal-confirm').waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/aigc');
  });

  it('opens the phone menu drawer by keyboard', async () => {
    await session.close();
    session = await openBrowser({ viewport: PHONE });
    const { page, baseUrl } = session;
    await openInteractive(page, `${baseUrl}/aigc`);
    await page.getByTestId('menu-button').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('menu-drawer').waitFor({ state: 'visible' });
    await expect.poll(() => focusInside('.ant-drawer')).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-drawer').waitFor({ state: 'hidden' });
    await expect.poll(focusedTestId).toBe('menu-button');
  });
});
