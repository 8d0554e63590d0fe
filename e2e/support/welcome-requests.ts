import type { BrowserContext, Request } from 'playwright-core';

/** Per welcome dialog: whether its answer came in this document, and whether that answer opens the dialog. */
export interface WelcomeAnswer {
  answered: boolean;
  opens: boolean;
}

export interface WelcomeState {
  inFlight: Set<Request>;
  /** The main frame's documents loaded so far: an answer to an earlier document's request says nothing of this one. */
  document: number;
  askedIn: WeakMap<Request, number>;
  /** The benefit popup, asked after a fresh login (use-complete-login.ts): data 1 with a popup type opens it. */
  benefit: WelcomeAnswer;
  /** The newest notice, asked once per signed-in page load of the main layout: a notice opens it. */
  notice: WelcomeAnswer;
}

const BENEFIT = '/api/auth/user/checkBenefit';
const NOTICE = '/api/system/notice/getNewNotice';
const NOTICE_SEEN = '/api/system/notice/createNoticeUser';
const BENEFIT_POPUP_TYPES = ['10', '20'];

const states = new WeakMap<BrowserContext, WelcomeState>();

const pathOf = (request: Request) => new URL(request.url()).pathname;

async function readAnswer(request: Request, state: WelcomeState) {
  if (state.askedIn.get(request) !== state.document) {
    return;
  }
  // A journey that closes its browser as an answer arrives no longer waits for it: the answer is read as none.
  const response = await request.response().catch(() => null);
  const body = (await response?.json().catch(() => null)) as { data?: unknown; msg?: string } | null;
  if (pathOf(request) === BENEFIT) {
    state.benefit = { answered: true, opens: body?.data === 1 && BENEFIT_POPUP_TYPES.includes(body.msg ?? '') };
  } else if (pathOf(request) === NOTICE) {
    state.notice = { answered: true, opens: Boolean(body?.data) };
  }
}

const unanswered = (): WelcomeAnswer => ({ answered: false, opens: false });

/**
 * Follows the context's welcome requests and what they answered, so that a journey can tell "no dialog" from "no answer
 * yet" however slowly the server answers under load, and wait for a dialog exactly when its answer opens it.
 */
export function trackWelcomeRequests(context: BrowserContext) {
  const state: WelcomeState = {
    inFlight: new Set(),
    document: 0,
    askedIn: new WeakMap(),
    benefit: unanswered(),
    notice: unanswered(),
  };
  states.set(context, state);
  context.on('request', (request) => {
    // A new document asks again, and nothing of the last one stays open.
    if (request.isNavigationRequest() && request.frame().parentFrame() === null) {
      state.document += 1;
      state.benefit = unanswered();
      state.notice = unanswered();
    }
    if ([BENEFIT, NOTICE, NOTICE_SEEN].includes(pathOf(request))) {
      state.inFlight.add(request);
      state.askedIn.set(request, state.document);
    }
    if (pathOf(request) === NOTICE_SEEN) {
      state.notice.opens = false;
    }
  });
  context.on('requestfinished', (request) => {
    if (state.inFlight.has(request)) {
      void readAnswer(request, state).finally(() => state.inFlight.delete(request));
    }
  });
  context.on('requestfailed', (request) => state.inFlight.delete(request));
}

export function welcomeState(context: BrowserContext): WelcomeState {
  const state = states.get(context);
  if (!state) {
    throw new Error('this browser context does not follow its welcome requests (trackWelcomeRequests)');
  }
  return state;
}
