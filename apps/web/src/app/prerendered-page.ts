import type { QueryKey } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { DEFAULT_INTERFACE_SETTINGS, useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { PRERENDER_MARKERS } from './prerender-markers';
import type { LoadedPages } from './router';
import { findRoute } from './routes/route-table';

/** An answer the server rendered a page with, under the key the page's component reads it by. */
export interface SeededQuery {
  queryKey: QueryKey;
  data: unknown;
}

export interface PrerenderedPage {
  hydrationData: HydrationState;
  loadedPages: LoadedPages;
  /** To be in the cache before hydrating, so the page renders what the server rendered; none on a build-time page. */
  queries: SeededQuery[];
}

/**
 * Pages are prerendered for a guest in the default language and look, and signed-in pages' shells for a console
 * holding a token, in each language (src/prerender.tsx). Anyone else (a guest sent a shell by a leftover cookie, a
 * signed-in visitor sent a guest's page, another language or colour, a query such as an invitation code that the
 * guard must read) would see a page that is not theirs, so they start from an empty root and the console renders as
 * it always did.
 */
function isTheVisitorItWasRenderedFor(language: string, signedIn: boolean): boolean {
  const settings = useInterfaceSettings.getState();
  return (
    language === settings.appLanguage &&
    settings.color === DEFAULT_INTERFACE_SETTINGS.color &&
    settings.navTheme === DEFAULT_INTERFACE_SETTINGS.navTheme &&
    (useSession.getState().token !== null) === signedIn &&
    window.location.search === ''
  );
}

/**
 * The page the server sent already rendered, when it is what this visitor would see, with its component loaded (a
 * hydrating router needs it in hand); otherwise null, with the prerendered markup removed.
 */
export async function findPrerenderedPage(root: HTMLElement): Promise<PrerenderedPage | null> {
  const language = root.getAttribute(PRERENDER_MARKERS.languageAttribute);
  const state = document.getElementById(PRERENDER_MARKERS.routerStateId)?.textContent;
  if (!language || !state) {
    return null;
  }
  const route = findRoute(window.location.pathname);
  const signedIn = root.hasAttribute(PRERENDER_MARKERS.signedInAttribute);
  if (route && isTheVisitorItWasRenderedFor(language, signedIn)) {
    const page = await route.load().catch(() => null);
    if (page) {
      return {
        hydrationData: JSON.parse(state) as HydrationState,
        loadedPages: new Map([[route.key, page.default]]),
        queries: JSON.parse(document.getElementById(PRERENDER_MARKERS.queriesId)?.textContent ?? '[]') as SeededQuery[],
      };
    }
  }
  root.replaceChildren();
  return null;
}
