import { TIMING } from '@suanli/contract';
import { lazy, type ComponentType } from 'react';

/** Rejects when `promise` has not settled within `timeoutMs`. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * React.lazy with the chunk time-out of spec §9, for heavy parts of always-present components (dialog bodies) that
 * should not weigh on the first load.
 */
export function lazyWithTimeout<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => withTimeout(load(), TIMING.chunkLoadTimeoutMs));
}
