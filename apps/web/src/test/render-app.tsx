import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { ConsoleApp } from '../app/app';
import { createQueryClient } from '../app/providers';
import { createAppRouter } from '../app/router';
import type { GuardDependencies } from '../app/guard/guard-loader';

/** Renders the whole console on a memory router at `path`, as the browser would on a first load. */
export function renderApp(path: string, verify?: GuardDependencies['verify']) {
  const router = createAppRouter({
    create: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
    verify: verify ?? (() => Promise.reject(new Error('verification is not expected in this test'))),
  });
  const view = render(<ConsoleApp router={router} queryClient={createQueryClient()} />);
  return { router, ...view };
}

/** Where the router is now, path and query. */
export function here(router: ReturnType<typeof renderApp>['router']): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
