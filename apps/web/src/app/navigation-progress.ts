import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import type { createBrowserRouter } from 'react-router';
import './navigation-progress.css';

type AppRouter = ReturnType<typeof createBrowserRouter>;

NProgress.configure({ showSpinner: false, trickleSpeed: 200 });

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
