import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectErrors, openBrowser, PHONE, type BrowserSession, type Viewport } from '../support/browser.js';
import { dismissWelcomeDialogs, logOut, openSignedIn } from '../support/console.js';
import { registerByEmail } from '../support/dev-api.js';
import { runningApplication, verifiedRenterWithBalance } from '../support/renter.js';

// Decision 0043: while a token is stored, the console keeps a cookie naming its language, and the server answers a
// signed-in page with that page's shell (header, menu, heading, static text, skeletons) drawn at build time.
const HINT = 'suanli_shell';
const TOKEN_KEY = 'suanli.access-token';

let session: BrowserSession;
beforeEach(async () => {
  session = await openBrowser();
});
afterEach(() => session.close());

/** A context as a returning renter's browser holds it: the token stored, and the hint the console wrote beside it. */
async function returningRenter(
  token: string,
  { javaScriptEnabled = true, viewport }: { javaScriptEnabled?: boolean; viewport?: Viewport } = {},
): Promise<BrowserContext> {
  const context = await session.browser.newContext({
    locale: 'zh-CN',
    javaScriptEnabled,
    ...(viewport ? { viewport } : {}),
  });
  await context.addCookies([{ name: HINT, value: 'zh-CN', url: session.baseUrl }]);
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  return context;
}

// Before any script of the console runs: the title and menu button the HTML arrived with, and a sum of every layout
// shift.
const WATCH_ARRIVAL = () => {
  const watched = window as unknown as { firstTitle: Element | null; firstMenuButton: Element | null; shifted: number };
  watched.shifted = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
      watched.shifted += entry.hadRecentInput ? 0 : entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('DOMContentLoaded', () => {
    watched.firstTitle = document.querySelector('[data-testid="page-title"]');
    watched.firstMenuButton = document.querySelector('[data-testid="menu-button"]');
  });
};

const arrival = (page: Page) =>
  page.evaluate(() => {
    const watched = window as unknown as {
      firstTitle: Element | null;
      firstMenuButton: Element | null;
      shifted: number;
    };
    const same = (first: Element | null, testId: string) =>
      first !== null && first === document.querySelector(`[data-testid="${testId}"]`);
    return {
      sameTitle: same(watched.firstTitle, 'page-title'),
      sameMenuButton: same(watched.firstMenuButton, 'menu-button'),
      shifted: watched.shifted,
    };
  });

/**
 * Loads `path` as a returning renter (token and hint stored) until `ownData` shows and the console answers: what the
 * HTML arrived with beside what is there now, and the errors on the way.
 */
async function loadAsReturning(token: string, path: string, ownData: (page: Page) => Locator, viewport?: Viewport) {
  const context = await returningRenter(token, viewport ? { viewport } : {});
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.addInitScript(WATCH_ARRIVAL);
  await page.goto(`${session.baseUrl}${path}`);
  await ownData(page).waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  return { context, page, errors, ...(await arrival(page)) };
}

const cookieOf = async (context: BrowserContext) =>
  (await context.cookies(session.baseUrl)).find((cookie) => cookie.name === HINT)?.value;

/** A renter with something on each page: a recharge in the statement, a balance, a running application. */
async function renterWithRows() {
  const user = await verifiedRenterWithBalance();
  const { id } = await runningApplication(user.token);
  return { ...user, applicationId: id };
}

describe("a returning renter's first load of a signed-in page", () => {
  it('arrives with the page drawn in the HTML, in the language of the hint, before any script', async () => {
    const { token } = await registerByEmail();
    const context = await returningRenter(token, { javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, title] of [
      ['/userCenter', '安全设置'],
      ['/myApp', '我的应用'],
      ['/voucherCenter', '充值中心'],
      ['/revAndexp', '收支明细'],
    ]) {
      await page.goto(`${session.baseUrl}${path}`);
      expect(await page.getByTestId('page-title').textContent(), path).toBe(title);
      expect(await page.title(), path).toBe(`${title} - 算力云`);
      expect(await page.getByTestId('login-button').count(), path).toBe(0);
    }
    await context.addCookies([{ name: HINT, value: 'en-US', url: session.baseUrl }]);
    await page.goto(`${session.baseUrl}/userCenter`);
    expect(await page.getByTestId('page-title').textContent()).toBe('Security settings');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    await context.close();
  });

  it("comes alive on the same elements with the renter's own figures, without a layout shift and with no error", async () => {
    const renter = await renterWithRows();
    for (const [path, ownData] of [
      ['/userCenter', (page: Page) => page.getByTestId('security-state-email').filter({ hasText: '@' })],
      ['/myApp', (page: Page) => page.getByTestId(`app-name-${renter.applicationId}`)],
      ['/voucherCenter', (page: Page) => page.getByTestId('wallet-balance').filter({ hasText: /\d/ })],
      ['/revAndexp', (page: Page) => page.getByTestId('ledger-table').getByText('100.00').first()],
    ] as const) {
      const { context, sameTitle, shifted, errors } = await loadAsReturning(renter.token, path, ownData);
      expect(sameTitle, path).toBe(true);
      expect(shifted, path).toBeLessThanOrEqual(0.05);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });
});

describe("a returning renter's first load on a phone", () => {
  it('arrives with the phone header in the HTML and keeps it when the console takes over, without a shift', async () => {
    const renter = await renterWithRows();
    for (const [path, ownData] of [
      ['/userCenter', (page: Page) => page.getByTestId('security-state-email').filter({ hasText: '@' })],
      // The lists a phone shows as cards, from pages drawn at build time for a wide screen.
      ['/myApp', (page: Page) => page.getByTestId(`app-card-${renter.applicationId}`)],
      ['/revAndexp', (page: Page) => page.getByTestId('ledger-cards').getByText('100.00').first()],
    ] as const) {
      const { context, page, errors, sameTitle, sameMenuButton, shifted } = await loadAsReturning(
        renter.token,
        path,
        ownData,
        PHONE,
      );
      // The header drawn for a phone by the stylesheet is the one the console answers on: never drawn again.
      expect({ sameTitle, sameMenuButton }, path).toEqual({ sameTitle: true, sameMenuButton: true });
      expect(await page.getByTestId('menu-button').isVisible(), path).toBe(true);
      expect(await page.getByTestId('main-menu').isVisible(), path).toBe(false);
      expect(shifted, path).toBeLessThanOrEqual(0.05);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });
});

// What each of the console's first chunks finds when it starts to run: whether a task queued as the chunk before it
// ran has run since. Each chunk is made to report as it starts (a call put ahead of its code on the way in).
const FIRST_CHUNKS = /\/assets\/(react-vendor|foundation|shell)-[\w-]+\.js$/;
const WATCH_CHUNKS = () => {
  const watched = window as unknown as {
    chunkStarts: (chunk: string) => void;
    started: { chunk: string; afterATask: boolean }[];
  };
  watched.started = [];
  let taskRan = true;
  watched.chunkStarts = (chunk) => {
    watched.started.push({ chunk, afterATask: taskRan });
    taskRan = false;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      taskRan = true;
    };
    channel.port2.postMessage(null);
  };
};

async function reportChunkStarts(context: BrowserContext): Promise<void> {
  await context.addInitScript(WATCH_CHUNKS);
  await context.route(FIRST_CHUNKS, async (route) => {
    const response = await route.fetch();
    const chunk = FIRST_CHUNKS.exec(route.request().url())![1]!;
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
    const body = `window.chunkStarts(${JSON.stringify(chunk)});${await response.text()}`;
    await route.fulfill({ response, headers, body });
  });
}

describe("the console's scripts on a first load", () => {
  it('are fetched together and run React DOM, what the app stands on and the app each in a task of its own', async () => {
    const { token } = await registerByEmail();
    const guest = await session.browser.newContext({ locale: 'zh-CN' });
    for (const [context, path] of [
      [guest, '/aigc'],
      [await returningRenter(token), '/myApp'],
    ] as const) {
      await reportChunkStarts(context);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${session.baseUrl}${path}`);
      await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 30_000 });
      // Evaluated in one task, the app's chunk would start before a task queued as React's started could run.
      expect(await page.evaluate(() => (window as unknown as { started: unknown }).started), path).toEqual([
        { chunk: 'react-vendor', afterATask: true },
        { chunk: 'foundation', afterATask: true },
        { chunk: 'shell', afterATask: true },
      ]);
      // The three were asked for together, with the contract they import; the page's own chunks are found by the
      // browser as it reads them, with no link each (vite-plugins/preload-start.ts).
      const announced = await page.evaluate(() =>
        Array.from(
          document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
          (link) => new URL(link.href).pathname,
        ),
      );
      expect(announced.map((href) => href.replace(/-[\w-]{8}\.js$/, '')).sort(), path).toEqual([
        '/assets/contract',
        '/assets/foundation',
        '/assets/react-vendor',
        '/assets/shell',
      ]);
      expect(await page.getByTestId('page-title').isVisible(), path).toBe(true);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });
});

describe('the hint the console keeps', () => {
  it('is written at start for a stored token, follows the language, and goes with a logout', async () => {
    const { page, context, baseUrl } = session;
    const { token } = await registerByEmail();
    await openSignedIn(page, baseUrl, token, '/userCenter');
    await dismissWelcomeDialogs(page);
    await expect.poll(() => cookieOf(context)).toBe('zh-CN');
    await page.getByTestId('lang-option-en-US').click();
    await expect.poll(() => cookieOf(context)).toBe('en-US');
    await logOut(page);
    await expect.poll(() => cookieOf(context)).toBeUndefined();
  });

  it('left behind without a token, sends the guest on to / with the login dialog, and is removed', async () => {
    const context = await session.browser.newContext({ locale: 'zh-CN' });
    await context.addCookies([{ name: HINT, value: 'zh-CN', url: session.baseUrl }]);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${session.baseUrl}/userCenter`);
    await page.getByTestId('login-dialog').waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => cookieOf(context)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });
});
