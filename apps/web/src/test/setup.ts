import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

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

// nprogress fades its bar out on timers of its own; a file that ends mid-fade would have them fire after jsdom is
// torn down. Wait for the bar to leave the page before the environment goes.
afterAll(async () => {
  await vi.waitFor(
    () => {
      if (document.getElementById('nprogress')) {
        throw new Error('the progress bar is still fading out');
      }
    },
    { timeout: 3_000, interval: 50 },
  );
});
