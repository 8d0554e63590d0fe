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
  /** Whether this document's record of the notice as seen has been answered. */
  noticeSeen: boolean;
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
  if (state.askedIn.get(request) !== state.document) {
    return;
  }
  if (pathOf(request) === BENEFIT) {
    state.benefit = { answered: true, opens: body?.data === 1 && BENEFIT_POPUP_TYPES.includes(body.msg ?? '') };
  } else if (pathOf(request) === NOTICE) {
    state.notice = { answered: true, opens: Boolean(body?.data) };
  } else if (pathOf(request) === NOTICE_SEEN) {
    state.noticeSeen = true;
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
    noticeSeen: false,
  };
  states.set(context, state);
  // A new document asks again, and nothing of the last one stays open. It counts from when it commits, not from its
  // request: until then the last document still runs, and what it asks meanwhile (its newest notice) is not the new
  // one's. A route change inside the console (history.pushState) also fires framenavigated, without a request.
  let loading: Request | null = null;
  context.on('page', (page) =>
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && loading !== null) {
        loading = null;
        state.document += 1;
        state.benefit = unanswered();
        state.notice = unanswered();
        state.noticeSeen = false;
      }
    }),
  );
  context.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame().parentFrame() === null) {
      loading = request;
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
  context.on('requestfailed', (request) => {
    state.inFlight.delete(request);
    if (request === loading) {
      loading = null;
    }
  });
}

export function welcomeState(context: BrowserContext): WelcomeState {
  const state = states.get(context);
  if (!state) {
    throw new Error('this browser context does not follow its welcome requests (trackWelcomeRequests)');
  }
  return state;
}
