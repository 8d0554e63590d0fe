import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { ConsoleApp } from './app/app';
import { createQueryClient } from './app/providers';
import { PRERENDER_MARKERS } from './app/prerender-markers';
import { findPrerenderedPage, type PrerenderedPage } from './app/prerendered-page';
import { createAppRouter } from './app/router';
import { applyDocumentFont } from './app/theme';
import { holdAnswersWhileHydrating, pageHydrated } from './shared/ui/hydration-gate';
import { yieldToBrowser } from './shared/ui/yield-to-browser';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html lacks #root');
}

applyDocumentFont();
const queryClient = createQueryClient();

async function start(root: HTMLElement): Promise<void> {
  // The app's modules have just been evaluated in a long task; finding the page and asking for its chunk is work for the
  // next one.
  await yieldToBrowser();
  const prerendered = await findPrerenderedPage(root);
  await render(root, prerendered);
  // A page drawn ahead answers clicks once every part of it has hydrated (shared/ui/hydrating-part.tsx).
  await pageHydrated();
  document.dispatchEvent(new Event(PRERENDER_MARKERS.takenOverEvent));
}

async function render(root: HTMLElement, prerendered: PrerenderedPage | null): Promise<void> {
  if (!prerendered) {
    // Rendered at once, not in a transition: the router settles its first navigation (guard, page chunk) while the
    // first render is under way, and a RouterProvider whose render yields misses that news and stays on the boot screen.
    createRoot(root).render(
      <StrictMode>
        <ConsoleApp router={createAppRouter({ queryClient })} queryClient={queryClient} />
      </StrictMode>,
    );
    return;
  }
  // Counted fresh from now: the answers are as old as the page, which has just arrived.
  for (const { queryKey, data } of prerendered.queries) {
    queryClient.setQueryData(queryKey, data);
  }
  const router = createAppRouter({
    queryClient,
    loadedPages: prerendered.loadedPages,
    create: (routes) => createBrowserRouter(routes, { hydrationData: prerendered.hydrationData }),
  });
  // Making the router and starting React (its listeners, its first fibers) each take a slow phone's main thread for
  // some 50 ms: a task each.
  await yieldToBrowser();
  holdAnswersWhileHydrating();
  // The page is on screen already, and its router has nothing left to settle: hydrating in a transition lets React
  // yield to the browser between components rather than hold the main thread for the whole page (issue 8).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <ConsoleApp router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

void start(container);
