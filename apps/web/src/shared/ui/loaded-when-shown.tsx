import { Suspense, type ComponentType } from 'react';

/**
 * A lazy view that shows nothing until it has loaded, as a dialog or drawer that has not opened yet: what a page opens
 * on request loads then, not with the page (issue 25).
 */
export function loadedWhenShown<Props extends object>(View: ComponentType<Props>) {
  return function Shown(props: Props) {
    return (
      <Suspense fallback={null}>
        <View {...props} />
      </Suspense>
    );
  };
}
