/**
 * A component whose code loads on first render (`import()`), inside its own Suspense boundary (nothing drawn while
 * it loads): registries keep such components for pages, dialogs and panels so that the modules that register them
 * stay small and a page downloads only what it shows.
 * Usage: `lazyComponent(() => import('./X').then((m) => m.X))`.
 */
import { Suspense, lazy, type ComponentType } from 'react';

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
