import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiQuiet } from '../support/api-requests.js';
import { seriousViolations } from '../support/axe.js';
import { openBrowser, type BrowserSession } from '../support/browser.js';
import {
  chooseLanguage,
  dismissWelcomeDialogs,
  navigateInApp,
  openInteractive,
  openSignedIn,
  type Language,
} from '../support/console.js';
import { registerByEmail, registerOperator } from '../support/dev-api.js';
import { adminRoutes, consoleRoutes } from '../support/routes.js';

const ROUTES = consoleRoutes();
// A guest on any guarded route is sent to / with the login dialog, the same page whichever route it was: one of them
// stands for all.
const GUEST_ROUTES = [...ROUTES.filter((route) => !route.guarded), ROUTES.find((route) => route.guarded)!];
const CASES = (['zh-CN', 'en-US'] as const).flatMap((language) => [
  { language, signedIn: false, name: `a guest in ${language}` },
  { language, signedIn: true, name: `a signed-in user in ${language}` },
]);

/**
 * axe-core on every route of the route table, as a guest (who meets the login dialog on a guarded route) and signed in,
 * in both languages (issue 9): no serious or critical violation, and one <h1> per page.
 */
describe.each(CASES)('accessibility for $name', ({ language, signedIn }: { language: Language; signedIn: boolean }) => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openBrowser({ bypassCSP: true });
    const { page, baseUrl } = session;
    await chooseLanguage(page, baseUrl, language);
    if (signedIn) {
      const { token } = await registerByEmail();
      await openSignedIn(page, baseUrl, token, '/aigc');
      await dismissWelcomeDialogs(page);
    } else {
      await openInteractive(page, `${baseUrl}/aigc`);
    }
  });
  afterAll(() => session.close());

  // Each route is opened inside the console, as its menu would: one page load for the session, as users meet it.
  it.each(signedIn ? ROUTES : GUEST_ROUTES)('$path has no serious or critical violation', async ({ path, guarded }) => {
    const { page, baseUrl } = session;
    // The guard sends a guest on a guarded route to / with the login dialog: opened as a page load, and that dialog is
    // checked in full.
    if (!signedIn && guarded) {
      await openInteractive(page, `${baseUrl}${path}`);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await page.locator('[data-testid="login-dialog"] [data-testid^="login-tab-"]').first().waitFor();
    } else {
      await navigateInApp(page, path);
    }
    await page.getByTestId('page-title').waitFor({ state: 'visible' });
    await apiQuiet(page);

    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.locator('h1:visible').count()).toBe(1);
  });
});

/**
 * The operations console's pages, as an operator holding every area, and /admin as a user meets it (the 403 page in
 * words): the same axe check and one <h1>, in both languages.
 */
describe.each(['zh-CN', 'en-US'] as const)('accessibility of the operations console in %s', (language) => {
  let session: BrowserSession;
  let userToken: string;
  beforeAll(async () => {
    session = await openBrowser({ bypassCSP: true });
    const { page, baseUrl } = session;
    await chooseLanguage(page, baseUrl, language);
    userToken = (await registerByEmail()).token;
    const { token } = await registerOperator();
    await openSignedIn(page, baseUrl, token, '/aigc');
    await dismissWelcomeDialogs(page);
  });
  afterAll(() => session.close());

  const checkShownPage = async () => {
    const { page } = session;
    await page.getByTestId('page-title').waitFor({ state: 'visible' });
    await apiQuiet(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.locator('h1:visible').count()).toBe(1);
  };

  it.each(adminRoutes())('$path has no serious or critical violation', async ({ path }) => {
    await navigateInApp(session.page, path);
    await checkShownPage();
  });

  it('/admin as a user (not an operator) has no serious or critical violation', async () => {
    const { page, baseUrl } = session;
    await openSignedIn(page, baseUrl, userToken, '/admin');
    await page.getByTestId('admin-refusal-forbidden').waitFor({ state: 'visible' });
    await checkShownPage();
  });
});
