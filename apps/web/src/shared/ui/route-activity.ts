import { createContext, useContext } from 'react';

/**
 * False inside a kept-alive page that is mounted but hidden (spec §2, /model and /mirror). Markers meant for the
 * visible page, such as `data-testid="page-title"`, read it so that only one page answers to them.
 */
export const RouteActivityContext = createContext(true);

export function useRouteActive(): boolean {
  return useContext(RouteActivityContext);
}
