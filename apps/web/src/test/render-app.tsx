import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { ConsoleApp } from '@/app/app';
import type { GuardDependencies } from '@/app/guard/guard-loader';
import { createQueryClient } from '@/app/providers';
import { createAppRouter } from '@/app/router';

/**
 * Renders the whole console on a memory router at `path`, as the browser would on a first load, with a fresh cache
 * per render so that one test's answers never reach the next. The cache is returned for tests that look at what the
 * console knows from the server, or hand it data no endpoint serves yet.
 */
export function renderApp(path: string, verify?: GuardDependencies['verify']) {
  const queryClient = createQueryClient();
  const router = createAppRouter({
    queryClient,
    create: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
    verify: verify ?? (() => Promise.reject(new Error('verification is not expected in this test'))),
  });
  const view = render(<ConsoleApp router={router} queryClient={queryClient} />);
  return { router, queryClient, ...view };
}

/** Where the router is now, path and query. */
export function here(router: ReturnType<typeof renderApp>['router']): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
