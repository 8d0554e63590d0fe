import type { BrowserContext, Page } from 'playwright-core';

interface ApiTraffic {
  inFlight: number;
  /** When the last API request of the context started or ended. */
  lastChange: number;
}

const traffic = new WeakMap<BrowserContext, ApiTraffic>();

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');

/** Counts the context's API requests in flight, for apiQuiet. */
export function trackApiRequests(context: BrowserContext) {
  const state: ApiTraffic = { inFlight: 0, lastChange: Date.now() };
  traffic.set(context, state);
  const change = (delta: number) => {
    state.inFlight += delta;
    state.lastChange = Date.now();
  };
  context.on('request', (request) => isApi(request.url()) && change(1));
  context.on('requestfinished', (request) => isApi(request.url()) && change(-1));
  context.on('requestfailed', (request) => isApi(request.url()) && change(-1));
}

/**
 * Waits until the page's API calls have all answered and none has started for `quietMs`: the page shows its data, and
 * a call that an answer leads to (a list after its count) has had the time to start. Playwright's 'networkidle' asks
 * for half a second of silence from every request; a page's data needs only its own calls.
 */
export async function apiQuiet(page: Page, quietMs = 150) {
  const state = traffic.get(page.context());
  if (!state) {
    throw new Error('this browser context does not follow its API requests (trackApiRequests)');
  }
  for (const deadline = Date.now() + 30_000; state.inFlight > 0 || Date.now() - state.lastChange < quietMs;) {
    if (Date.now() > deadline) {
      throw new Error(`the page's API calls did not settle within 30 s (${state.inFlight} in flight)`);
    }
    await page.waitForTimeout(25);
  }
}
