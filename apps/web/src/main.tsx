import 'antd/dist/reset.css';
import 'antd/dist/antd.css';
import { PRERENDER_MARKERS } from './app/prerender-markers';
import { yieldToBrowser } from './shared/ui/yield-to-browser';

/**
 * Resolves once the page's first contentful paint is on screen: its paint timing entry is queued after the frame is
 * presented, where two animation frames can come before it, and a script asked for before that paint competes with
 * it (Lighthouse counted the app's 300 KB into the first paint when the paint came late, issue 25). A page that paints
 * nothing contentful (or a browser without paint timing) goes on after a second.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 1_000);
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) {
        observer.disconnect();
        clearTimeout(fallback);
        resolve();
      }
    }).observe({ type: 'paint', buffered: true });
  });
}

/**
 * A prerendered page is on screen before its scripts run, and a click made then would reach no handler. The clicks are
 * held and made again once React has the page, every part of it; on a page rendered over instead, the elements clicked
 * are gone and nothing is made again. A held click goes no further: React listens while the page hydrates part by part
 * and would answer it twice, or drop it in a part still waiting. A link needs no help: the browser follows it.
 */
function holdEarlyClicks(): void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    if (event.target instanceof HTMLElement && !event.target.closest('a[href]')) {
      event.stopPropagation();
      held.push(event.target);
    }
  };
  document.addEventListener('click', hold, true);
  document.addEventListener(
    PRERENDER_MARKERS.takenOverEvent,
    () => {
      document.removeEventListener('click', hold, true);
      for (const target of held.filter((element) => element.isConnected)) {
        target.click();
      }
    },
    { once: true },
  );
}

/**
 * The console's entry is only this: the stylesheets, then the app (start.tsx). A page prerendered at build time is
 * readable as soon as its HTML and stylesheet arrive, so the app's scripts are asked for once it is on screen rather
 * than competing with them for a slow connection (issue 8); index.html announces them ahead instead
 * (vite-plugins/preload-start.ts), since it has nothing to show before they run.
 *
 * The app's scripts are evaluated in three tasks rather than one, which kept a slow phone's main thread for a third of
 * a second (issue 25): React DOM's start-up, then what the app stands on (i18next with its catalogues, the persisted
 * stores: a chunk of its own, vite.config.ts), then the app with antd.
 */
async function boot(): Promise<void> {
  if (document.getElementById('root')?.hasAttribute(PRERENDER_MARKERS.languageAttribute)) {
    holdEarlyClicks();
    await afterFirstPaint();
  }
  await import('react-dom/client');
  await yieldToBrowser();
  await import('./shared/i18n/i18n');
  await yieldToBrowser();
  await import('./start');
}

void boot();
