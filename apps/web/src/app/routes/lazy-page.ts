import { TIMING } from '@suanli/contract';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { withTimeout } from '@/shared/ui/lazy-with-timeout';
import type { PageLoader } from './route-meta';

/** A route chunk that did not arrive in time or at all. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * Loads a page chunk through the router's `lazy`, so the navigation (and its progress bar) waits for it; after
 * TIMING.chunkLoadTimeoutMs (spec §9) it fails into the route's error element.
 */
export function lazyPage(
  load: PageLoader,
  timeoutMs: number = TIMING.chunkLoadTimeoutMs,
): LazyRouteFunction<RouteObject> {
  return async () => {
    try {
      const module = await withTimeout(load(), timeoutMs);
      return { Component: module.default };
    } catch (error) {
      throw new ChunkLoadError(error);
    }
  };
}
