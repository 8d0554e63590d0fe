import NProgress from 'nprogress';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { trackNavigationProgress } from './navigation-progress';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<null>((done) => {
    resolve = () => done(null);
  });
  return { promise, resolve };
}

describe('the navigation progress bar', () => {
  it('runs from the first load and from each navigation until it settles', async () => {
    const first = deferred();
    const second = deferred();
    const router = createMemoryRouter([
      { path: '/', loader: () => first.promise, HydrateFallback: () => null },
      { path: '/slow', loader: () => second.promise },
    ]);
    trackNavigationProgress(router);
    expect(NProgress.isStarted()).toBe(true);
    // Drawn, and as decoration: no made-up role for assistive technology to stumble on (axe: aria-roles).
    expect(document.querySelector('#nprogress .bar')?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('#nprogress [role]')).toBeNull();

    first.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.initialized).toBe(true);
    expect(NProgress.isStarted()).toBe(false);

    const navigation = router.navigate('/slow');
    expect(NProgress.isStarted()).toBe(true);
    second.resolve();
    await navigation;
    expect(NProgress.isStarted()).toBe(false);
    router.dispose();
  });
});
