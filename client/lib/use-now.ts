import { useSyncExternalStore } from 'react';

// One shared clock for every relative time on the page: one timer, and only the components that show
// a time re-render when it ticks.
const TICK_MS = 30_000;
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const getNow = () => now;

/** The current time in ms, refreshed every 30 s while any component uses it. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getNow, getNow);
}
