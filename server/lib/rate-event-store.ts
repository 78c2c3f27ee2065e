import type { Database, Db } from '../db/client';
import { rateEventsRepository } from '../db/repositories/rate-events.repository';

/** A sliding-window rule: at most `limit` events per key within `windowMs`. */
export type Rule = { limit: number; windowMs: number };

/**
 * Where rate-limited events are counted: sign-ins, registrations, password-reset requests, chat and
 * discussion posts (decision 29). (Named for events, not attempts: in this code an attempt is an
 * athlete's posted rep.) Each key is a lane (a device of an account, an account's unknown
 * devices, an address, a member's posts). The operations: a read-only wait, an all-or-nothing
 * take, forgetting one event and forgetting a key. On PostgreSQL they run on the `rate_events`
 * table, so every server process on the database counts together (createSqlRateEventStore); on the
 * embedded database, one process by construction, in memory (createMemoryRateEventStore).
 */
export interface RateEventStore {
  /** Milliseconds until `key` is under `rule` again; 0 when it is. */
  wait(key: string, rule: Rule, now: number): Promise<number>;
  /**
   * Counts one event at `now` under every key when each is under its rule, and returns 0;
   * otherwise counts nothing and returns the longest wait.
   */
  take(entries: readonly { key: string; rule: Rule }[], now: number): Promise<number>;
  /** Forgets one event counted at `at` (one counted in advance whose request succeeded). */
  forgetOne(key: string, at: number): Promise<void>;
  /** Forgets every event of a key. */
  clear(key: string): Promise<void>;
  /** Drops events older than every window in use (done on a timer by the owner). */
  prune(now: number): Promise<void>;
}

const MAX_KEYS = 100_000;

/** Milliseconds until fewer than `rule.limit` of `times` (oldest first) are within the window. */
function waitOf(times: readonly number[], rule: Rule, now: number): number {
  const recent = times.filter((t) => now - t < rule.windowMs);
  if (recent.length < rule.limit) return 0;
  // Blocked until enough old events leave the window to drop below the limit.
  return recent[recent.length - rule.limit]! + rule.windowMs - now;
}

/**
 * The in-memory RateEventStore of one process: event times per key, newest `limit` kept, at most
 * 100 000 keys (when full of live keys the oldest key goes rather than memory growing).
 */
export function createMemoryRateEventStore(): RateEventStore {
  const log = new Map<string, number[]>();
  let longestWindowMs = 0;

  function pruneNow(now: number) {
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
        if (!log.has(key) && log.size >= MAX_KEYS) pruneNow(now);
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
    async prune(now) {
      pruneNow(now);
    },
  };
}

/**
 * The RateEventStore of every server process on one PostgreSQL: one `rate_events` row per event.
 * A take is one statement that locks its keys (a transaction-scoped advisory lock per key), counts
 * and inserts, so two processes receiving the last allowed event at the same moment cannot both
 * pass; a wait is one indexed read.
 */
export function createSqlRateEventStore(db: Db): RateEventStore {
  const rows = rateEventsRepository(db);
  return {
    async wait(key, rule, now) {
      const edge = await rows.nthNewestSince(key, rule.limit, now - rule.windowMs);
      return edge === null ? 0 : edge + rule.windowMs - now;
    },
    take: (entries, now) =>
      rows.take(
        entries.map(({ key, rule }) => ({ key, limit: rule.limit, windowMs: rule.windowMs })),
        now,
      ),
    forgetOne: (key, at) => rows.deleteOne(key, at),
    clear: (key) => rows.deleteKey(key),
    prune: (now) => rows.deleteExpired(now),
  };
}

/**
 * The store for this database: PostgreSQL may be shared by several server processes, so counts
 * live in it; the embedded database has one process (its data-folder lock, decision 16), so they
 * stay in memory, where a post or a sign-in costs no write.
 */
export function createRateEventStore(database: Pick<Database, 'kind' | 'db'>): RateEventStore {
  return database.kind === 'postgres' ? createSqlRateEventStore(database.db) : createMemoryRateEventStore();
}
