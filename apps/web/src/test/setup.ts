import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// antd's responsive helpers read matchMedia, which jsdom lacks (STACK.md, "Things that bite").
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
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
if (!('ResizeObserver' in window)) {
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoopResizeObserver });
}

afterEach(() => {
  cleanup();
});

// nprogress fades its bar out on timers of its own (two steps of 200 ms, the bar in the page throughout, one fade
// queued behind another); a file that ends mid-fade would have them fire after jsdom is torn down. Wait until the
// bar has stayed gone for longer than a whole fade before the environment goes.
const FADE_MS = 400;
afterAll(async () => {
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
