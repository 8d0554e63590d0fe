import { useSyncExternalStore } from 'react';

/**
 * The width from which the header shows the whole top menu (issue 9: at 1280 px and above in both languages); below
 * it the menu moves into a drawer behind a menu button.
 */
export const WIDE_SCREEN_QUERY = '(min-width: 1200px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the window is at least desktop width, following it as it is resized or a phone is turned. Pages rendered at
 * build time (src/prerender.tsx) know no window and take the desktop layout, where most of the console's users are.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_SCREEN_QUERY).matches,
    () => true,
  );
}
