import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, openBrowser, PHONE, type BrowserSession, type Viewport } from '../support/browser.js';
import {
  chooseLanguage,
  dismissWelcomeDialogs,
  fitsWidth,
  navigateInApp,
  openInteractive,
  openSignedIn,
  scrollsSideways,
  type Language,
} from '../support/console.js';
import { registerByEmail, registerOperator, rename } from '../support/dev-api.js';
import { adminRoutes, consoleRoutes } from '../support/routes.js';

let session: BrowserSession;
afterEach(() => session.close());

const TOP_MENU = ['ourConsole', 'aigc', 'myApp', 'computerPower', 'APIOpen', 'more'];
// Twenty characters, the longest nickname there is.
const LONG_NICKNAME = '超长昵称用户超长昵称用户超长昵称用户甲乙';

async function open(viewport: Viewport, language: Language, path: string, token?: string) {
  session = await openBrowser({ viewport });
  const { page, baseUrl } = session;
  await chooseLanguage(page, baseUrl, language);
  if (token) {
    await openSignedIn(page, baseUrl, token, path);
    await dismissWelcomeDialogs(page);
  } else {
    await openInteractive(page, `${baseUrl}${path}`);
  }
  await page.getByTestId('page-title').waitFor({ state: 'visible' });
  return page;
}

async function dialogFits(testId: string) {
  const { page } = session;
  const box = await page.locator(`.ant-modal:has([data-testid="${testId}"])`).boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= (page.viewportSize()?.width ?? 0);
}

const combinations = (['zh-CN', 'en-US'] as const).flatMap((language) => [
  { language, viewport: PHONE, name: `a phone in ${language}` },
  { language, viewport: LAPTOP, name: `a laptop in ${language}` },
]);

describe.each(combinations)('the console on $name', ({ language, viewport }) => {
  const phone = viewport.width < 1000;

  it('fits the header, the menu and the login dialog to the window', async () => {
    const page = await open(viewport, language, '/aigc');
    expect(await scrollsSideways(page)).toBe(false);
    for (const testId of ['logo', 'lang-switch', 'login-button']) {
      expect(await fitsWidth(page, testId), testId).toBe(true);
    }

    if (phone) {
      expect(await page.getByTestId('main-menu').isVisible()).toBe(false);
      await page.getByTestId('menu-button').click();
      const drawer = page.getByTestId('menu-drawer');
      await drawer.waitFor({ state: 'visible' });
      await drawer.getByTestId('menu-model').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/model');
      await page.getByTestId('menu-drawer').waitFor({ state: 'hidden' });
    } else {
      expect(await page.getByTestId('menu-button').isVisible()).toBe(false);
      for (const key of TOP_MENU) {
        expect(await page.getByTestId(`menu-${key}`).isVisible(), key).toBe(true);
      }
      expect(await page.locator('.ant-menu-overflow-item-rest').isVisible()).toBe(false);
    }

    await page.getByTestId('login-button').click();
    await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
    expect(await dialogFits('login-dialog')).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
  });

  it('keeps the whole header with a long nickname, and fits the user center', async () => {
    const { token } = await registerByEmail();
    await rename(token, LONG_NICKNAME);
    const page = await open(viewport, language, '/aigc', token);
    await page.getByTestId('user-avatar').waitFor({ state: 'visible' });
    expect(await fitsWidth(page, 'user-avatar')).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    if (!phone) {
      for (const key of TOP_MENU) {
        expect(await page.getByTestId(`menu-${key}`).isVisible(), key).toBe(true);
      }
      const nickname = page.getByTestId('header-nickname');
      await expect.poll(() => nickname.textContent()).toBe(LONG_NICKNAME);
      expect(await nickname.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    }

    await page.goto(`${session.baseUrl}/userCenter`);
    await page.getByTestId('security-list').waitFor({ state: 'visible' });
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByTestId('security-action-password').click();
    await page.getByTestId('security-dialog-password').waitFor({ state: 'visible' });
    expect(await dialogFits('security-dialog-password')).toBe(true);
  });
});

describe.each(['zh-CN', 'en-US'] as const)('every page on a phone in %s', (language) => {
  let phoneSession: BrowserSession;
  beforeAll(async () => {
    phoneSession = await openBrowser({ viewport: PHONE });
    const { page, baseUrl } = phoneSession;
    await chooseLanguage(page, baseUrl, language);
    // An operator of every area, so that the operations console's pages are opened too; the user's pages are theirs.
    const { token } = await registerOperator();
    await openSignedIn(page, baseUrl, token, '/aigc');
    await dismissWelcomeDialogs(page);
  });
  afterAll(() => phoneSession.close());

  // Each page is opened inside the console, as its menu would: one page load for all of them.
  it.each([...consoleRoutes(), ...adminRoutes()])('$path fits 390 px without scrolling sideways', async ({ path }) => {
    const { page } = phoneSession;
    await navigateInApp(page, path);
    await page.getByTestId('page-title').waitFor({ state: 'visible' });
    expect(await scrollsSideways(page)).toBe(false);
  });
});
