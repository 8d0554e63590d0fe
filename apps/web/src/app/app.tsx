import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './providers';
import type { AppRouter } from './router';

const queryClient = createQueryClient();

/** The whole console for a given router: the browser's in main.tsx, a memory router in tests. */
export function ConsoleApp({ router }: { router: AppRouter }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
