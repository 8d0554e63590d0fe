import { useEffect } from 'react';
import { useMediaQuery } from './use-media-query';

/**
 * The width from which the header shows the whole top menu (issue 9: at 1280 px and above in both languages); below
 * it the menu moves into a drawer behind a menu button. The header itself switches in its stylesheet at this width
 * (responsive.module.css); pages that lay themselves out by script ask useWideScreen.
 */
export const WIDE_SCREEN_QUERY = '(min-width: 1200px)';

/**
 * Whether the window is at least desktop width. Pages rendered at build time take the desktop layout, where most of
 * the console's users are.
 */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN_QUERY, true);
}

/**
 * useWideScreen for a page with a view only a wide screen shows (a table where a phone shows cards): the view's code,
 * `load` (a module constant), is asked for beside the page's first data, not after it, and never on a narrow screen
 * (issue 25). It reads the window's own width, which `useWideScreen` does not give yet while a page drawn at build
 * time hydrates.
 */
export function useWideScreenLoading(load: () => Promise<unknown>): boolean {
  const wide = useWideScreen();
  useEffect(() => {
    if (window.matchMedia(WIDE_SCREEN_QUERY).matches) {
      void load().catch(() => undefined);
    }
  }, [wide, load]);
  return wide;
}
