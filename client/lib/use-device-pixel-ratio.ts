import { useSyncExternalStore } from 'react';

/**
 * The screen's device pixel ratio, kept current: it changes when the window moves to another screen or
 * the page is zoomed, and a canvas drawn for the old ratio looks blurred (or wastes pixels) until redrawn.
 * A `(resolution: Ndppx)` media query stops matching exactly when the ratio changes.
 */
export function useDevicePixelRatio(): number {
  return useSyncExternalStore(subscribe, current, () => 1);
}

function current(): number {
  return window.devicePixelRatio || 1;
}

function subscribe(onChange: () => void): () => void {
  let query: MediaQueryList | null = null;
  const listen = () => {
    query?.removeEventListener('change', changed);
    query = window.matchMedia?.(`(resolution: ${current()}dppx)`) ?? null;
    query?.addEventListener('change', changed);
  };
  // The query names the old ratio: after a change, listen for the next one from the new ratio.
  const changed = () => {
    listen();
    onChange();
  };
  listen();
  return () => query?.removeEventListener('change', changed);
}
