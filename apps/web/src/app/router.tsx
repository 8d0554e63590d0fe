import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, replace, type RouteObject } from 'react-router';
import { fetchVerifiedStatus } from '@/features/auth/api/get-verified';
import { createGuardLoader, guardShouldRevalidate, type GuardDependencies } from './guard/guard-loader';
import { BootScreen } from './layouts/boot-screen';
import { ConsoleLayout } from './layouts/console-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootShell } from './layouts/root-shell';
import { trackNavigationProgress } from './navigation-progress';
import { lazyPage } from './routes/lazy-page';
import { RouteErrorPage } from './routes/route-error-page';
import type { RouteMeta } from './routes/route-meta';
import { CONSOLE_ROUTES, VIEW_APP_ROUTE } from './routes/route-table';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

// The catch-all's loader redirects before anything renders; the router still wants something to render.
function Nothing() {
  return null;
}

/** Page components already in hand by route key: a prerendered page is hydrated with its component, not a lazy one. */
export type LoadedPages = ReadonlyMap<string, ComponentType>;

function pageRoute(meta: RouteMeta, index: boolean, loadedPages: LoadedPages): RouteObject {
  const { load, ...handle } = meta;
  const loaded = loadedPages.get(meta.key);
  const page = {
    handle,
    ErrorBoundary: RouteErrorPage,
    ...(loaded ? { Component: loaded } : { lazy: lazyPage(load) }),
  };
  return index ? { index: true, ...page } : { path: meta.path.slice(1), ...page };
}

/** The route objects of spec §2, built from the route table. */
export function buildRoutes(guard: GuardDependencies, loadedPages: LoadedPages = new Map()): RouteObject[] {
  return [
    {
      id: 'root',
      loader: createGuardLoader(guard),
      shouldRevalidate: guardShouldRevalidate,
      Component: RootShell,
      HydrateFallback: BootScreen,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          path: '/',
          Component: ConsoleLayout,
          children: CONSOLE_ROUTES.map((route) => pageRoute(route, route.path === '', loadedPages)),
        },
        {
          path: VIEW_APP_ROUTE.path,
          Component: PublicLayout,
          children: [pageRoute(VIEW_APP_ROUTE, true, loadedPages)],
        },
        // The operations console (issue 23): its own chunk and layout, outside the console's route table and menu.
        {
          path: '/admin/*',
          handle: { titleKey: 'layout:admin.link' },
          ErrorBoundary: RouteErrorPage,
          lazy: lazyPage(() => import('./routes/admin/admin-gate')),
        },
        { path: '*', loader: () => replace('/'), Component: Nothing },
      ],
    },
  ];
}

interface AppRouterOptions {
  /** The cache the app renders with; the guard keeps its answers there. */
  queryClient: QueryClient;
  /** createBrowserRouter in the browser; tests pass a memory router. */
  create?: (routes: RouteObject[]) => AppRouter;
  verify?: GuardDependencies['verify'];
  loadedPages?: LoadedPages;
}

export function createAppRouter(options: AppRouterOptions): AppRouter {
  // The page the user is on, for a guard that refuses a route and keeps the user where they were.
  const settled = { href: null as string | null };
  const routes = buildRoutes(
    {
      verify: options.verify ?? fetchVerifiedStatus,
      previousHref: () => settled.href,
      queryClient: options.queryClient,
    },
    options.loadedPages,
  );
  const router = (options.create ?? ((objects) => createBrowserRouter(objects)))(routes);
  const remember = (state: AppRouter['state']) => {
    if (state.initialized && state.navigation.state === 'idle') {
      settled.href = `${state.location.pathname}${state.location.search}`;
    }
  };
  remember(router.state);
  router.subscribe(remember);
  trackNavigationProgress(router);
  return router;
}
