import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import './matchers';

// findBy* and waitFor poll for their condition and return as soon as it holds; the cap only decides when a missing
// condition counts as a failure. The library's 1 s default is shorter than a lazy page with its requests takes on a
// CI machine busy with other suites, which made passing tests fail there.
configure({ asyncUtilTimeout: 15_000 });

// The lint-rule test runs under node (its own docblock); everything below is for jsdom.
const jsdom = typeof window !== 'undefined';

/** Whether a media query's width bounds hold for the window's width; anything else a query asks is taken as false. */
function widthMatches(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (!min && !max) {
    return false;
  }
  return (!min || window.innerWidth >= Number(min[1])) && (!max || window.innerWidth <= Number(max[1]));
}

// antd's responsive helpers and the console's header read matchMedia, which jsdom lacks (STACK.md, "Things that
// bite"). Width queries are answered for a laptop's window (1280 px) unless a test sets window.innerWidth.
if (jsdom && !window.matchMedia) {
  Object.defineProperty(window, 'innerWidth', { writable: true, configurable: true, value: 1280 });
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: widthMatches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// antd's horizontal menu and other measuring components observe their size; jsdom has no layout, so nothing resizes.
if (jsdom && !('ResizeObserver' in window)) {
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoopResizeObserver });
}

afterEach(() => {
  if (jsdom) {
    cleanup();
  }
});

// nprogress fades its bar out on timers of its own (two steps of 200 ms, the bar in the page throughout, one fade
// queued behind another); a file that ends mid-fade would have them fire after jsdom is torn down. Wait until the
// bar has stayed gone for longer than a whole fade before the environment goes.
const FADE_MS = 400;
afterAll(async () => {
  if (!jsdom) {
    return;
  }
  let goneSince = Date.now();
  for (let waited = 0; waited < 5_000; waited += 50) {
    if (document.getElementById('nprogress')) {
      goneSince = Date.now();
    } else if (Date.now() - goneSince > FADE_MS + 100) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
