import './prerender-environment';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type HydrationState } from 'react-router';
import type { Locale } from '@suanli/contract';
import { pageTitle } from './app/layouts/root-shell';
import { AppProviders, createQueryClient } from './app/providers';
import { buildRoutes } from './app/router';
import { findRoute, PRERENDERED_PATHS } from './app/routes/route-table';
import { currentLanguage, i18n } from './shared/i18n';

export { PRERENDERED_PATHS };

/** A page rendered at build time; not to be confused with the browser's PrerenderedPage (prerendered-page.ts). */
export interface RenderedPage {
  /** The language it was rendered in: start.tsx hydrates it only for a visitor in that language. */
  language: Locale;
  title: string;
  /** The markup of #root. */
  html: string;
  /** antd's design-token variables, the only styles it makes at run time (zeroRuntime), as <style> tags for <head>. */
  styles: string;
  /** The router's state after its loaders ran, for createBrowserRouter's hydrationData. */
  hydrationData: HydrationState;
}

/**
 * One page as a guest sees it on arrival in the default language and theme, rendered at build time
 * (vite-plugins/prerender.ts) so the browser paints it before any script runs; start.tsx then hydrates it.
 */
export async function prerenderPage(pathname: string): Promise<RenderedPage> {
  const queryClient = createQueryClient();
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
    title: pageTitle(i18n.t, findRoute(pathname)?.titleKey),
    html,
    styles: extractStyle(cache),
    hydrationData: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
  };
}
