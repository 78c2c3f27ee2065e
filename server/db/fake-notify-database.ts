import type { Database } from './client';

/**
 * For unit tests of what LISTEN/NOTIFY keeps true: one database shared by several server processes,
 * NOTIFY delivered a moment later (as PostgreSQL does) to every process's listeners, and
 * notifications that can go down (`setUp(false)`: NOTIFY is lost, `isUp()` says so).
 */
export function fakeNotifyDatabase() {
  const state = { up: true };
  const listeners = new Map<string, Array<(payload: string) => void>>();
  const upListeners = new Set<(up: boolean) => void>();
  const database = {
    async listen(channel: string, fn: (payload: string) => void) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), fn]);
      return async () => {
        listeners.set(
          channel,
          (listeners.get(channel) ?? []).filter((l) => l !== fn),
        );
      };
    },
    async notify(channel: string, payload: string) {
      if (!state.up) return;
      setTimeout(() => listeners.get(channel)?.forEach((fn) => fn(payload)), 1);
    },
    notifications: {
      isUp: () => state.up,
      onChange(fn: (up: boolean) => void) {
        upListeners.add(fn);
        return () => upListeners.delete(fn);
      },
    },
  } as unknown as Database;
  return {
    database,
    setUp(up: boolean) {
      state.up = up;
      for (const fn of upListeners) fn(up);
    },
  };
}
