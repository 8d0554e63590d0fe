import { useMediaQuery } from './use-media-query';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the user's system asks for less motion (WCAG 2.3.3): the console's dialogs, drawers and menus then appear
 * and leave at once instead of zooming and sliding (antd alone stills only a few of its own transitions). Known from
 * the first render in the browser: antd wraps the whole tree in a motion provider the first time motion turns off,
 * which would mount a hydrated console a second time and drop what the visitor had started (a dialog opened).
 */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY, false, true);
}
