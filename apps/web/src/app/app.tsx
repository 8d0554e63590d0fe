import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './providers';
import type { AppRouter } from './router';

const defaultQueryClient = createQueryClient();

interface ConsoleAppProps {
  router: AppRouter;
  /** Tests hand in a fresh cache per render, so one test's answers never reach the next. */
  queryClient?: QueryClient;
}

/** The whole console for a given router: the browser's in main.tsx, a memory router in tests. */
export function ConsoleApp({ router, queryClient = defaultQueryClient }: ConsoleAppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
