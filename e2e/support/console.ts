import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsSettled } from './animations.js';
import { callApi, latestCode } from './dev-api.js';
import { welcomeState } from './welcome-requests.js';

/** The keys of the console's stores (apps/web/src/shared/config/site.ts). */
const TOKEN_KEY = 'suanli.access-token';
const SETTINGS_KEY = 'suanli.interface-settings';

export type Language = 'zh-CN' | 'en-US';

/**
 * Opens a page and waits until the console answers input: a guest's page is on screen from its HTML before that
 * (apps/web/src/app/app.tsx), and a hover made earlier is lost.
 */
export async function openInteractive(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}

/**
 * Opens a path inside the loaded console as a link would, through the router without a page load, and waits until the
 * navigation has settled (html[data-path], set again after each, also when a guard kept the user where they were:
 * apps/web/src/app/layouts/root-shell.tsx).
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    delete document.documentElement.dataset.path;
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator('html[data-path]').waitFor({ state: 'attached' });
}

/** Opens the console already signed in with a token, as after a login in an earlier visit. */
export async function openSignedIn(page: Page, baseUrl: string, token: string, path = '/aigc') {
  // A document of the origin that runs no console: the token is stored before any console reads one, and nothing of
  // a session already stored (its notice, its requests) is started on the way.
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  await page.goto(`${baseUrl}${path}`);
}

/** Chooses the interface language as an earlier visit would have, before the next page load reads it. */
export async function chooseLanguage(page: Page, baseUrl: string, language: Language) {
  if (!page.url().startsWith(baseUrl)) {
    await page.goto(`${baseUrl}/aigc`);
  }
  await page.evaluate(
    ([key, value]) => window.localStorage.setItem(key!, JSON.stringify({ state: { appLanguage: value }, version: 2 })),
    [SETTINGS_KEY, language],
  );
}

/**
 * Does `act` until `target` reaches `state`, up to three times: on a loaded box a click can land before a popup has
 * taken its place (a hover menu's delay, a dialog's body loading in below its buttons), and nothing follows from it.
 * `between` runs before each try again.
 */
async function actUntil({
  act,
  target,
  state,
  between,
}: {
  act: () => Promise<unknown>;
  target: Locator;
  state: 'visible' | 'hidden';
  between?: () => Promise<unknown>;
}) {
  for (let attempt = 1; ; attempt += 1) {
    await act();
    try {
      await target.waitFor({ state, timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) {
        throw error;
      }
      await between?.();
    }
  }
}

/**
 * After a first login a new user sees the benefit dialog and then the newest platform notice; a person closes both
 * before going on. Whether each opens is in the answer that decides it (welcome-requests.ts): this waits for the answers
 * the page asks for (the notice on every signed-in page outside the operations console, the benefit after a login made
 * in the dialog), however slowly the server gives them under load, and then closes exactly the dialogs they open.
 */
export async function dismissWelcomeDialogs(page: Page, { afterLogin = false } = {}) {
  const state = welcomeState(page.context());
  const asksForNotice = !new URL(page.url()).pathname.startsWith('/admin');
  const decided = () =>
    state.inFlight.size === 0 && (!asksForNotice || state.notice.answered) && (!afterLogin || state.benefit.answered);
  // A plain wait rather than expect.poll, which journeys may not call from their beforeAll.
  for (const deadline = Date.now() + 30_000; !decided();) {
    if (Date.now() > deadline) {
      throw new Error("the welcome dialogs' requests did not answer within 30 s");
    }
    await page.waitForTimeout(50);
  }
  if (state.benefit.opens) {
    await page.getByTestId('benefit-dialog').waitFor({ state: 'visible', timeout: 30_000 });
    await closeBenefitDialog(page);
    state.benefit.opens = false;
  }
  if (state.notice.opens) {
    const ok = page.getByTestId('new-notice-ok');
    await ok.waitFor({ state: 'visible', timeout: 30_000 });
    await actUntil({ act: () => ok.click({ timeout: 10_000 }), target: ok, state: 'hidden' });
    // The dialog hides as its "seen" is sent: a navigation before the server has it would offer the notice again.
    for (const deadline = Date.now() + 30_000; !state.noticeSeen;) {
      if (Date.now() > deadline) {
        throw new Error('the platform notice was closed, but its "seen" did not answer within 30 s');
      }
      await page.waitForTimeout(50);
    }
  }
}

/** Closes the benefit dialog by its cross, again if the click landed before the dialog had taken its place. */
export async function closeBenefitDialog(page: Page) {
  const close = page.locator('.ant-modal-wrap:has([data-testid="benefit-dialog"]) .ant-modal-close');
  await actUntil({
    act: () => close.click({ timeout: 10_000 }),
    target: page.getByTestId('benefit-dialog'),
    state: 'hidden',
  });
}

export async function logOut(page: Page) {
  await page.getByTestId('user-avatar').hover();
  await page.getByTestId('logout-button').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
}

/** Whether the page is wider than the window, which a person would have to scroll sideways to see. */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** The element's box lies inside the window horizontally (a button pushed off the right edge does not). */
export async function fitsWidth(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5;
}

/**
 * Presses a send-code button and reads the code once the server has sent it, as a person waits for the message: the
 * button counts down only after the send answered. Reading at once could take a code sent earlier to the same
 * address (a registration's), since the request leaves a moment after the click.
 */
export async function sendCode(page: Page, sendTestId: string, to: string): Promise<string> {
  await page.getByTestId(sendTestId).click();
  await expect.poll(() => page.getByTestId(sendTestId).isDisabled()).toBe(true);
  return latestCode(to);
}

/**
 * In the open login dialog: types a new account, leaves the field (the blur check), expects the register-style form,
 * then fills the password and the code from the outbox. Consent and submitting are left to the journey.
 */
export async function fillRegisterForm(page: Page, account: string, password = 'journey-pass-1') {
  await page.getByTestId('login-tab-account').click();
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-username').blur();
  await page.getByTestId('login-register-hint').waitFor({ state: 'visible' });
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-code').fill(await sendCode(page, 'login-send-code', account));
}

/**
 * Moves the pointer onto an element once it stands still, as a person's pointer goes: without scrolling the page
 * first, as Playwright's own hover and click do, which under a header's open menu moves the menu under the pointer
 * and opens a neighbouring submenu.
 */
async function pointAt(page: Page, target: Locator) {
  await target.waitFor({ state: 'visible' });
  await animationsSettled(page);
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Opens a wallet page the way a person does, under More → My wallet in the header's menu (a click there changes the
 * page, not the app), and waits for the menu's popups to close.
 */
export async function openWalletPage(page: Page, key: 'voucherCenter' | 'voucher' | 'myOrder', path: string) {
  await pointAt(page, page.getByTestId('menu-more'));
  await pointAt(page, page.getByTestId('menu-myWallet'));
  await pointAt(page, page.getByTestId(`menu-${key}`));
  await page.mouse.down();
  await page.mouse.up();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
  // A submenu stays open while the pointer rests on it; a person moves on to the page.
  await page.mouse.move(10, 700);
  await expect.poll(() => page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)').count()).toBe(0);
}

/**
 * Chooses an entry of the header's More menu as a person does: hovers it open and clicks the entry, and once more if
 * nothing opened, as a click on a loaded box can land before the popup has opened (CI, journeys two at a time).
 */
export async function chooseFromMoreMenu(page: Page, key: string, opened: Locator) {
  await actUntil({
    act: async () => {
      await page.getByTestId('menu-more').hover();
      await page.getByTestId(`menu-${key}`).click();
    },
    target: opened,
    state: 'visible',
    between: () => page.mouse.move(10, 700),
  });
}

/** The dev clock's time as the browser's own local "YYYY-MM-DD HH:mm", some minutes ahead. */
export async function serverTimeAhead(page: Page, minutes: number): Promise<string> {
  const clock = await callApi<{ now: string }>('GET', '/dev/clock');
  return page.evaluate(
    ([now, ahead]) => {
      const at = new Date(new Date(now!).getTime() + Number(ahead) * 60_000);
      const two = (value: number) => String(value).padStart(2, '0');
      return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
    },
    [clock.data.now, String(minutes)],
  );
}
