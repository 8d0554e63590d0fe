import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following it as it changes (a window resized, a phone turned, a system setting
 * switched). Pages rendered at build time (src/prerender.tsx) know no window: they take `atBuildTime`, and so does the
 * browser while it hydrates one, to draw the same markup, unless the query changes no markup (`hydrateWithWindow`):
 * a change right after hydration would render the whole tree again.
 */
export function useMediaQuery(query: string, atBuildTime: boolean, hydrateWithWindow = false): boolean {
  const current = () => window.matchMedia(query).matches;
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    current,
    () => (hydrateWithWindow && typeof window !== 'undefined' ? current() : atBuildTime),
  );
}
