import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.js';
import { startFreshHour } from './dev-api.js';
import { trackWelcomeRequests } from './welcome-requests.js';
import { trackApiRequests } from './api-requests.js';
import { journeyServer } from './journey-server.js';
import { currentTestFailed, reportFailure } from './failure-report.js';
import { trackAntdClasses } from './antd-classes.js';

// Playwright gives each launch a fresh, empty profile of its own.

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  close(): Promise<void>;
}

export interface Viewport {
  width: number;
  height: number;
}

/** The widths the console is checked at: a phone and a laptop (issue 9). */
export const PHONE: Viewport = { width: 390, height: 844 };
export const LAPTOP: Viewport = { width: 1280, height: 800 };

/** A fresh browser profile for one journey, which also starts the journey in a fresh hour (see startFreshHour). */
export interface BrowserOptions {
  locale?: string;
  viewport?: Viewport;
  /** Lets a test inject its own script (axe-core) past the console's Content-Security-Policy. */
  bypassCSP?: boolean;
  /** A server of the journey's own (support/server-process.ts) instead of the suite's. */
  baseUrl?: string;
  /**
   * The system's motion setting. Journeys ask for less by default: a dialog then opens where it stays, and a click is
   * not sent to where a button was a frame before it zoomed into place (a missed confirm under load failed CI).
   */
  motion?: 'reduce' | 'no-preference';
}

export async function openBrowser(options: BrowserOptions = {}): Promise<BrowserSession> {
  await startFreshHour();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  const context = await browser.newContext({
    locale: options.locale ?? 'zh-CN',
    viewport: options.viewport ?? LAPTOP,
    bypassCSP: options.bypassCSP ?? false,
    reducedMotion: options.motion ?? 'reduce',
    // A phone is a touch screen with a mobile browser's viewport, so media queries see what a phone's browser sees.
    ...(options.viewport && options.viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  trackWelcomeRequests(context);
  trackApiRequests(context);
  const baseUrl = options.baseUrl ?? journeyServer().baseUrl;
  const antdClasses = await trackAntdClasses(context, baseUrl);
  const page = await context.newPage();
  const close = async () => {
    if (currentTestFailed()) {
      await reportFailure(page);
    }
    await browser.close();
    await antdClasses.check();
  };
  return { browser, context, page, baseUrl, close };
}

/** Errors the page reports: a failed hydration is one (React reports it as a recoverable error). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(message.text());
    }
  });
  return errors;
}
