import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { chooseFromMoreMenu, closeBenefitDialog, fillRegisterForm, openInteractive } from '../support/console.js';
import { uniqueAccount } from '../support/dev-api.js';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/**
 * Watches, from the first paint, how many dialog masks stand on the page at once, leaving out a mask already fading
 * out; the most seen is kept in window.__mostMasks.
 */
function countMasks() {
  const win = window as unknown as { __mostMasks: number };
  win.__mostMasks = 0;
  const count = () => {
    const masks = Array.from(document.querySelectorAll('.ant-modal-mask')).filter((mask) => {
      const style = getComputedStyle(mask);
      return style.display !== 'none' && !/-leave/.test(mask.className);
    });
    win.__mostMasks = Math.max(win.__mostMasks, masks.length);
    requestAnimationFrame(count);
  };
  requestAnimationFrame(count);
}

describe('one dialog at a time', () => {
  it('queues the benefit popup and the platform notice of a first login', async () => {
    const { page, baseUrl } = session;
    const { email } = uniqueAccount();
    await page.addInitScript(countMasks);
    await page.goto(`${baseUrl}/aigc`);
    await page.getByTestId('login-button').click();
    await fillRegisterForm(page, email);
    await page.getByTestId('login-consent').check();
    await page.getByTestId('login-submit').click();

    await page.getByTestId('benefit-dialog').waitFor({ state: 'visible' });
    expect(await page.getByTestId('new-notice').isVisible()).toBe(false);
    await closeBenefitDialog(page);
    await page.getByTestId('new-notice-ok').click();
    expect(await page.evaluate(() => (window as unknown as { __mostMasks: number }).__mostMasks)).toBe(1);
  });

  it('closes the "More" menu when it opens the feedback dialog', async () => {
    const { page, baseUrl } = session;
    await openInteractive(page, `${baseUrl}/aigc`);
    await chooseFromMoreMenu(page, 'feedback', page.getByTestId('feedback-modal'));

    await page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)').waitFor({ state: 'detached' });
  });
});
