import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import type { createBrowserRouter } from 'react-router';
import './navigation-progress.css';

type AppRouter = ReturnType<typeof createBrowserRouter>;

// The bar is decoration beside the page's own loading states; nprogress's own template gives it role="bar", which is
// no ARIA role (axe: aria-roles, critical).
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 200,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/**
 * Spec §2: a progress bar runs during navigation. The router is busy from the start of a navigation, through the
 * guard and the lazy chunk, until it settles, and on the first load until it is initialised.
 */
export function trackNavigationProgress(router: AppRouter): () => void {
  let running = false;
  const update = (state: AppRouter['state']) => {
    const busy = !state.initialized || state.navigation.state !== 'idle';
    if (busy && !running) {
      NProgress.start();
    } else if (!busy && running) {
      NProgress.done();
    }
    running = busy;
  };
  update(router.state);
  return router.subscribe(update);
}
