import type { Page } from 'playwright-core';

/** The token key of the console's session store (apps/web/src/shared/stores/session-store.ts). */
const TOKEN_KEY = 'suanli.access-token';

/** Opens the console already signed in with a token, as after a login in an earlier visit. */
export async function openSignedIn(page: Page, baseUrl: string, token: string, path = '/aigc') {
  await page.goto(`${baseUrl}/aigc`);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  await page.goto(`${baseUrl}${path}`);
}

/**
 * After a first login a new user sees the benefit dialog and then the newest platform notice; a person closes both
 * before going on. Either may be absent.
 */
export async function dismissWelcomeDialogs(page: Page) {
  const appears = (testId: string) =>
    page
      .getByTestId(testId)
      .waitFor({ state: 'visible', timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
  if (await appears('benefit-dialog')) {
    await page.locator('.ant-modal-wrap:has([data-testid="benefit-dialog"]) .ant-modal-close').click();
  }
  if (await appears('new-notice-ok')) {
    await page.getByTestId('new-notice-ok').click();
  }
}

export async function logOut(page: Page) {
  await page.getByTestId('user-avatar').hover();
  await page.getByTestId('logout-button').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
}
