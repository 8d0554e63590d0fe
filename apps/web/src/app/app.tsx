import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { continueAfterLogin } from './continue-after-login';
import { leaveGuardedPages } from './leave-guarded-page';
import { pageHydrated } from '@/shared/ui/hydration-gate';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

interface ConsoleAppProps {
  router: AppRouter;
  /** The router's guard writes to this cache too, so both are made together (start.tsx, tests' renderApp). */
  queryClient: QueryClient;
}

/**
 * Marks the document once the console answers input: for a prerendered page, once every part of it has hydrated. The
 * page is on screen before that: a click made earlier is made again then (main.tsx), but a hover or a key is not, and
 * browser journeys wait for the mark first.
 */
function useInteractiveMark() {
  useEffect(() => {
    void pageHydrated().then(() => {
      document.documentElement.dataset.interactive = '';
    });
  }, []);
}

/**
 * The whole console for a given router: the browser's in start.tsx, a memory router in tests. It leads a guest whose
 * session ended off any page that needs login (issue 9), and one who logged in for an action on to its page (issue 11).
 */
export function ConsoleApp({ router, queryClient }: ConsoleAppProps) {
  useEffect(() => leaveGuardedPages(router), [router]);
  useEffect(() => continueAfterLogin(router), [router]);
  useInteractiveMark();
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
