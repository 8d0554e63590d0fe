import type { BrowserContext, Request } from 'playwright-core';

// The answers that decide whether a welcome dialog opens: the benefit check after a login, and the newest notice.
const WELCOME_PATHS = [
  '/api/auth/user/checkBenefit',
  '/api/system/notice/getNewNotice',
  '/api/system/notice/createNoticeUser',
];

const pending = new WeakMap<BrowserContext, Set<Request>>();

const isWelcome = (request: Request) => WELCOME_PATHS.some((welcome) => new URL(request.url()).pathname === welcome);

/**
 * Counts the context's welcome requests still in flight, so that a journey can tell "no dialog" from "no answer yet"
 * however slowly the server answers under load.
 */
export function trackWelcomeRequests(context: BrowserContext) {
  const inFlight = new Set<Request>();
  pending.set(context, inFlight);
  context.on('request', (request) => {
    if (isWelcome(request)) {
      inFlight.add(request);
    }
  });
  const settle = (request: Request) => inFlight.delete(request);
  context.on('requestfinished', settle);
  context.on('requestfailed', settle);
}

export const welcomeRequestsInFlight = (context: BrowserContext) => pending.get(context)?.size ?? 0;
