import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { leaveGuardedPages } from './leave-guarded-page';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

interface ConsoleAppProps {
  router: AppRouter;
  /** The router's guard writes to this cache too, so both are made together (main.tsx, tests' renderApp). */
  queryClient: QueryClient;
}

/**
 * The whole console for a given router: the browser's in main.tsx, a memory router in tests. It leads a guest whose
 * session ended off any page that needs login (issue 9).
 */
export function ConsoleApp({ router, queryClient }: ConsoleAppProps) {
  useEffect(() => leaveGuardedPages(router), [router]);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
