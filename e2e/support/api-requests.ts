import type { BrowserContext, Page, Request } from 'playwright-core';

interface ApiTraffic {
  inFlight: number;
  /** When the last API request of the context started or ended. */
  lastChange: number;
  /** The last answers (method, path, HTTP status, envelope code, or the network error), newest last. */
  recent: string[];
}

const RECENT_CALLS = 20;

const traffic = new WeakMap<BrowserContext, ApiTraffic>();

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');

const callOf = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;

/** Counts the context's API requests in flight, for apiQuiet, and keeps their last answers, for recentApiCalls. */
export function trackApiRequests(context: BrowserContext) {
  const state: ApiTraffic = { inFlight: 0, lastChange: Date.now(), recent: [] };
  traffic.set(context, state);
  const change = (delta: number) => {
    state.inFlight += delta;
    state.lastChange = Date.now();
  };
  const remember = (call: string) => {
    state.recent.push(call);
    state.recent.splice(0, Math.max(0, state.recent.length - RECENT_CALLS));
  };
  context.on('request', (request) => isApi(request.url()) && change(1));
  context.on('requestfinished', (request) => {
    if (!isApi(request.url())) {
      return;
    }
    change(-1);
    void request
      .response()
      .then(async (response) => {
        const body = (await response?.json().catch(() => null)) as { code?: unknown } | null;
        remember(`${callOf(request)} ${response?.status() ?? '-'} code=${String(body?.code ?? '-')}`);
      })
      .catch(() => undefined);
  });
  context.on('requestfailed', (request) => {
    if (isApi(request.url())) {
      change(-1);
      remember(`${callOf(request)} failed: ${request.failure()?.errorText ?? ''}`);
    }
  });
}

/** The context's last API answers, oldest first: what a failed journey saw (failure-report.ts). */
export function recentApiCalls(context: BrowserContext): string[] {
  return traffic.get(context)?.recent ?? [];
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
