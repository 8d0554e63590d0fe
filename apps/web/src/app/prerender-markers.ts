/** What vite-plugins/prerender.ts writes into a prerendered page and main.tsx and start.tsx look for; no imports, both read it. */
export const PRERENDER_MARKERS = {
  /** The <script type="application/json"> holding the router's state after the build-time render. */
  routerStateId: 'router-state',
  /** The <script type="application/json"> holding the answers the server rendered a live page with (SeededQuery[]). */
  queriesId: 'query-state',
  /** On #root: the language the page was rendered in. */
  languageAttribute: 'data-prerendered',
  /** On #root of a signed-in page's shell (decision 0043): hydrated only by a console holding a token. */
  signedInAttribute: 'data-signed-in',
  /**
   * Dispatched on document by start.tsx once React has the page: hydrating it (and answering clicks itself) or, for a
   * visitor it was not made for, rendering over it.
   */
  takenOverEvent: 'suanli:taken-over',
} as const;
