import './prerender-environment';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type HydrationState } from 'react-router';
import type { Locale } from '@suanli/contract';
import { loadApplicationCenter } from './features/catalogue/api/first-screen';
import type { Viewer } from './features/catalogue/api/keys';
import { pageTitle } from './app/layouts/root-shell';
import { PRERENDER_MARKERS } from './app/prerender-markers';
import type { SeededQuery } from './app/prerendered-page';
import { AppProviders, createQueryClient } from './app/providers';
import { buildRoutes } from './app/router';
import { findRoute, PRERENDERED_PATHS, SHELLED_PATHS } from './app/routes/route-table';
import { currentLanguage, i18n } from './shared/i18n';
import { useInterfaceSettings } from './shared/stores/interface-settings-store';
import { useSession } from './shared/stores/session-store';
import { setMessageSink } from './shared/ui/message-bridge';

export { PRERENDERED_PATHS, SHELLED_PATHS };
export { setApiFetch } from './shared/http';

/** A page rendered at build time; not to be confused with the browser's PrerenderedPage (prerendered-page.ts). */
export interface RenderedPage {
  /** The language it was rendered in: start.tsx hydrates it only for a visitor in that language. */
  language: Locale;
  /** A signed-in page's shell (prerenderShell): hydrated only by a console holding a token. */
  signedIn: boolean;
  title: string;
  /** The markup of #root. */
  html: string;
  /** antd's design-token variables, the only styles it makes at run time (zeroRuntime), as <style> tags for <head>. */
  styles: string;
  /** The router's state after its loaders ran, for createBrowserRouter's hydrationData. */
  hydrationData: HydrationState;
  /** The answers the page was rendered with, for start.tsx to hydrate it with the same; none at build time. */
  queries: SeededQuery[];
}

/**
 * What a page shows on arrival that the server reads when it is asked for, by route key: such a page is rendered per
 * request with its data (renderLivePage), so that its largest paint comes with the HTML, not after the scripts and an
 * API call (issue 8).
 */
const FIRST_SCREEN: Partial<Record<string, (queryClient: QueryClient, viewer: Viewer) => Promise<unknown>>> = {
  consoleApp: loadApplicationCenter,
  aigc: loadApplicationCenter,
};

const firstScreenOf = (pathname: string) => FIRST_SCREEN[findRoute(pathname)?.key ?? ''];

/** The prerendered paths the server renders again for each request, with the data they show (renderLivePage). */
export const LIVE_PATHS: readonly string[] = PRERENDERED_PATHS.filter((pathname) => firstScreenOf(pathname));

// A server render has no one to show a failed call's message to, and the bridge would keep them for ever: the page
// falls back to the build's render instead (renderLivePage).
setMessageSink(() => undefined);

// JSON inside <script>: a `<` could close the element, so it is written as its escape.
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** index.html with a rendered page in it: what the build writes for each page, and the server for a live one. */
export function pageDocument(template: string, page: RenderedPage): string {
  const queries =
    page.queries.length > 0
      ? `<script type="application/json" id="${PRERENDER_MARKERS.queriesId}">${scriptSafeJson(page.queries)}</script>`
      : '';
  return (
    template
      // The page is readable from its HTML and stylesheet; the entry asks for the app's scripts after the first paint.
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<html lang="[^"]*">/, `<html lang="${page.language}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
      .replace('</head>', `${page.styles}</head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" ${PRERENDER_MARKERS.languageAttribute}="${page.language}"${page.signedIn ? ` ${PRERENDER_MARKERS.signedInAttribute}` : ''}>${page.html}</div>` +
          `<script type="application/json" id="${PRERENDER_MARKERS.routerStateId}">${scriptSafeJson(page.hydrationData)}</script>` +
          queries,
      )
  );
}

/**
 * One page as a guest sees it on arrival in the default language and theme, rendered at build time
 * (vite-plugins/prerender.ts) so the browser paints it before any script runs; start.tsx then hydrates it. With
 * `queryClient` holding the page's data, it is rendered with that data (renderLivePage).
 */
export async function prerenderPage(pathname: string, queryClient = createQueryClient()): Promise<RenderedPage> {
  const handler = createStaticHandler(
    buildRoutes({
      verify: () => Promise.reject(new Error('a guest page asks for no verification')),
      previousHref: () => null,
      queryClient,
    }),
  );
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) {
    throw new Error(`${pathname} answers ${context.status} to a guest; only pages a guest sees are prerendered`);
  }
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </StyleProvider>,
  );
  return {
    language: currentLanguage(),
    signedIn: useSession.getState().isLogin,
    title: pageTitle(i18n.t, findRoute(pathname)?.titleKey),
    html,
    styles: extractStyle(cache),
    hydrationData: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    queries: queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'success')
      .map((query) => ({ queryKey: query.queryKey, data: query.state.data })),
  };
}

/**
 * A signed-in page as its user sees it before any answer (decision 0043): the header waiting for the account, the
 * menu, the page's heading, static text and skeletons, in `language`. The session holds a token no server ever sees:
 * the render asks nothing, and the guard only needs to know that one is stored.
 */
export async function prerenderShell(pathname: string, language: Locale): Promise<RenderedPage> {
  const settings = useInterfaceSettings.getState();
  const previousLanguage = settings.appLanguage;
  settings.setLanguage(language);
  useSession.setState({ token: 'shell', isLogin: true });
  try {
    return await prerenderPage(pathname);
  } finally {
    useSession.setState({ token: null, isLogin: false });
    settings.setLanguage(previousLanguage);
  }
}

/** The last document of each live path and the answers it was rendered with. */
const lastRender = new Map<string, { answers: string; document: string }>();

/**
 * A live page (LIVE_PATHS) for one guest's request: its data read now, through the API the page itself calls (the
 * server answers setApiFetch's requests in-process), and the page rendered with it into `template` (index.html). The
 * data is read for every request and the markup made again only when it changed. Null when the path is not live;
 * rejects when the data cannot be read, and the server sends the build's render instead.
 */
export async function renderLivePage(pathname: string, template: string): Promise<string | null> {
  const load = firstScreenOf(pathname);
  if (!load) {
    return null;
  }
  const queryClient = createQueryClient();
  await load(queryClient, { language: currentLanguage(), signedIn: false });
  const answers = JSON.stringify(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data),
  );
  const key = findRoute(pathname)?.key ?? pathname;
  const last = lastRender.get(key);
  if (last?.answers === answers) {
    return last.document;
  }
  const document = pageDocument(template, await prerenderPage(pathname, queryClient));
  lastRender.set(key, { answers, document });
  return document;
}
