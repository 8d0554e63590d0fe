import { expect } from 'vitest';

/**
 * `toBeVisible`, after @testing-library/jest-dom's (not installed here): the element is in the document and neither
 * it nor an ancestor is hidden by the `hidden` attribute, `display: none` or `visibility: hidden`. Unlike
 * `toBeTruthy()` on a found element, it can fail: a closed dialog, a collapsed menu or an inactive tab fails it.
 * Opacity is left out on purpose: antd's enter motions wait for animation events jsdom never fires, so an opened
 * dialog keeps its starting opacity 0 here for good.
 */
function hiddenBy(element: Element): string | null {
  const style = getComputedStyle(element);
  if (element.hasAttribute('hidden')) {
    return 'the hidden attribute';
  }
  if (style.display === 'none') {
    return 'display: none';
  }
  return style.visibility === 'hidden' || style.visibility === 'collapse' ? `visibility: ${style.visibility}` : null;
}

function invisibility(element: Element): string | null {
  if (!element.isConnected) {
    return 'it is not in the document';
  }
  for (let node: Element | null = element; node; node = node.parentElement) {
    const reason = hiddenBy(node);
    if (reason) {
      return `${node === element ? 'it' : `its ancestor <${node.tagName.toLowerCase()} class="${node.className}">`} is hidden by ${reason}`;
    }
  }
  return null;
}

expect.extend({
  toBeVisible(received: unknown) {
    if (!(received instanceof Element)) {
      return { pass: false, message: () => `expected an element, received ${String(received)}` };
    }
    const reason = invisibility(received);
    return {
      pass: reason === null,
      message: () =>
        reason ? `expected the element to be visible, but ${reason}` : 'expected the element to be hidden',
    };
  },
});

declare module 'vitest' {
  // The declaration merges with vitest's own, whose type parameter defaults to any.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  interface Matchers<T = any> {
    toBeVisible: () => T;
  }
}
