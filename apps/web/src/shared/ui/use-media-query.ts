import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, following the window as it changes. Pages rendered at build time
 * (src/prerender.tsx) know no window and take `whenPrerendered`.
 */
export function useMediaQuery(query: string, whenPrerendered: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => whenPrerendered,
  );
}
