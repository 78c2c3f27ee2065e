/** A sliding-window rule: at most `limit` attempts per key within `windowMs`. */
export type Rule = { limit: number; windowMs: number };

/**
 * Where sign-in and registration attempts are counted. Each key is a lane (a device of an
 * account, an account's unknown devices, an address). The operations are those a table
 * `(key text, at timestamptz)` offers as well: a read-only wait, an all-or-nothing take (one
 * transaction there), forgetting one attempt and forgetting a key. Kept in memory per process for
 * now (createMemoryAttemptStore); async so that a database-backed store fits without changing callers.
 */
export interface AttemptStore {
  /** Milliseconds until `key` is under `rule` again; 0 when it is. */
  wait(key: string, rule: Rule, now: number): Promise<number>;
  /**
   * Counts one attempt at `now` under every key when each is under its rule, and returns 0;
   * otherwise counts nothing and returns the longest wait.
   */
  take(entries: readonly { key: string; rule: Rule }[], now: number): Promise<number>;
  /** Forgets one attempt counted at `at` (an attempt counted in advance that succeeded). */
  forgetOne(key: string, at: number): Promise<void>;
  /** Forgets every attempt of a key. */
  clear(key: string): Promise<void>;
  /** Drops attempts older than every window in use (also done on a timer by the owner). */
  prune(now: number): void;
}

const MAX_KEYS = 100_000;

/** Milliseconds until fewer than `rule.limit` of `times` (oldest first) are within the window. */
function waitOf(times: readonly number[], rule: Rule, now: number): number {
  const recent = times.filter((t) => now - t < rule.windowMs);
  if (recent.length < rule.limit) return 0;
  // Blocked until enough old attempts leave the window to drop below the limit.
  return recent[recent.length - rule.limit]! + rule.windowMs - now;
}

/**
 * The in-memory AttemptStore of one process: attempt times per key, newest `limit` kept, at most
 * 100 000 keys (when full of live keys the oldest key goes rather than memory growing).
 */
export function createMemoryAttemptStore(): AttemptStore {
  const log = new Map<string, number[]>();
  let longestWindowMs = 0;

  function prune(now: number) {
    for (const [key, times] of log) {
      const fresh = times.filter((t) => now - t < longestWindowMs);
      if (fresh.length === 0) log.delete(key);
      else if (fresh.length !== times.length) log.set(key, fresh);
    }
    while (log.size >= MAX_KEYS) {
      const oldest = log.keys().next().value;
      if (oldest === undefined) break;
      log.delete(oldest);
    }
  }

  return {
    async wait(key, rule, now) {
      return waitOf(log.get(key) ?? [], rule, now);
    },
    async take(entries, now) {
      // Synchronous from here on: the check and the count cannot interleave with another request.
      let longest = 0;
      for (const { key, rule } of entries) longest = Math.max(longest, waitOf(log.get(key) ?? [], rule, now));
      if (longest > 0) return longest;
      for (const { key, rule } of entries) {
        longestWindowMs = Math.max(longestWindowMs, rule.windowMs);
        const times = (log.get(key) ?? []).filter((t) => now - t < rule.windowMs);
        times.push(now);
        if (times.length > rule.limit) times.splice(0, times.length - rule.limit);
        if (!log.has(key) && log.size >= MAX_KEYS) prune(now);
        log.set(key, times);
      }
      return 0;
    },
    async forgetOne(key, at) {
      const times = log.get(key);
      if (!times) return;
      const i = times.lastIndexOf(at);
      if (i >= 0) times.splice(i, 1);
      if (times.length === 0) log.delete(key);
    },
    async clear(key) {
      log.delete(key);
    },
    prune,
  };
}
