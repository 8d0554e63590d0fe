import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { openInteractive } from '../support/console.js';

let session: BrowserSession | undefined;
afterEach(() => session?.close());

/** How long the login button takes to change colour under the pointer, and the login dialog to open. */
async function motionOf(reducedMotion: 'reduce' | 'no-preference') {
  session = await openBrowser({ reducedMotion });
  const { page, baseUrl } = session;
  await openInteractive(page, `${baseUrl}/aigc`);
  const button = await page
    .getByTestId('login-button')
    .evaluate((element) => parseFloat(getComputedStyle(element).transitionDuration) * 1000);
  await page.getByTestId('login-button').click();
  await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
  return { button };
}

describe('motion', () => {
  it('animates for a visitor who has not asked for less', async () => {
    expect((await motionOf('no-preference')).button).toBeGreaterThanOrEqual(100);
  });

  it('stops for a visitor whose system asks for less motion, and dialogs still open', async () => {
    expect((await motionOf('reduce')).button).toBeLessThan(1);
  });
});
