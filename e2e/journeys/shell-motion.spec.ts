import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import { openInteractive } from '../support/console.js';

let session: BrowserSession | undefined;
afterEach(() => session?.close());

/** Opens the login dialog from the header, and names the zoom animations it started on the way. */
async function openLoginDialog(motion: 'reduce' | 'no-preference'): Promise<string[]> {
  session = await openBrowser({ motion });
  const { page, baseUrl } = session;
  await openInteractive(page, `${baseUrl}/aigc`);
  await page.evaluate(() => {
    const zooms: string[] = [];
    (window as unknown as { zooms: string[] }).zooms = zooms;
    document.addEventListener(
      'animationstart',
      (event) => {
        if (/zoom/i.test(event.animationName)) {
          zooms.push(event.animationName);
        }
      },
      true,
    );
  });
  await page.getByTestId('login-button').click();
  await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
  await page.getByTestId('login-tab-account').click();
  return page.evaluate(() => (window as unknown as { zooms: string[] }).zooms);
}

describe('motion in the console', () => {
  it('zooms a dialog in for a user whose system has no motion setting', async () => {
    expect(await openLoginDialog('no-preference')).not.toEqual([]);
  });

  it('shows a dialog at once for a user whose system asks for less motion', async () => {
    expect(await openLoginDialog('reduce')).toEqual([]);
  });
});
