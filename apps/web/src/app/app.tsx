import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

interface ConsoleAppProps {
  router: AppRouter;
  /** The router's guard writes to this cache too, so both are made together (main.tsx, tests' renderApp). */
  queryClient: QueryClient;
}

/** The whole console for a given router: the browser's in main.tsx, a memory router in tests. */
export function ConsoleApp({ router, queryClient }: ConsoleAppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
