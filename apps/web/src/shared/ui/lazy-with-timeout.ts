import { TIMING } from '@suanli/contract';
import { lazy, type ComponentType, type ReactNode } from 'react';

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

type PropsOf<Component> = (Component extends (props: infer Props) => ReactNode ? Props : never) & object;

/** lazyWithTimeout of a module's named function component: a page's dialog or tab that loads when it opens. */
export function lazyNamed<Module extends Record<Name, (props: never) => ReactNode>, Name extends string>(
  load: () => Promise<Module>,
  name: Name,
) {
  type Props = PropsOf<Module[Name]>;
  // The component is the one Props was read from; TypeScript cannot follow a property picked by a generic name.
  const component = (module: Module) => module[name] as unknown as ComponentType<Props>;
  return lazyWithTimeout<Props>(() => load().then((module) => ({ default: component(module) })));
}
