import { createElement, lazy, useState, type ComponentType } from 'react';

/** A component loaded on demand that can also be loaded ahead, before anything renders it. */
export type Preloadable<P extends object, M> = ComponentType<P> & {
  /** Loads the code (the module); once it has, the component renders at once instead of suspending. */
  preload(): Promise<M>;
};

/**
 * React.lazy, plus a way to load the code first (docs/decisions.md decision 33). A prerendered member page is
 * hydrated, and rendered at build time, only once every component it draws is loaded: React.lazy
 * suspends at least once even when its code is already there, which would leave the page's HTML
 * waiting for another pass (and on the server, a boundary rendered as its fallback).
 */
export function preloadable<P extends object, M extends { default: ComponentType<P> }>(
  load: () => Promise<M>,
): Preloadable<P, M> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<M> | undefined;
  const preload = (): Promise<M> =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (error: unknown) => {
        // A failed download may succeed later (the network came back): the next call asks again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload());
  function PreloadableComponent(props: P) {
    // Chosen once per instance: a component drawn through React.lazy stays so, and is never remounted.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(PreloadableComponent, { preload });
}
