import { leaderboardChannel, listen } from '../../db/channels';
import type { Database } from '../../db/client';

/** What the cache keeps: any value with the time it was made from and how long its periods hold. */
export type Kept = { computedAt: number; validUntil: number };

/** A change is seen by reads at most this long after its notification arrives, unless set. */
export const LEADERBOARD_STALE_MS = 2_000;
/** A kept board lives at most this long, whatever happens (a suspension's end, a change made by hand). */
export const LEADERBOARD_KEEP_MS = 5 * 60_000;

/**
 * The leaderboard kept in memory (decision 83), one value for the three periods, made again only when
 * something it depends on changed, its period ended, or it is older than `keepMs`. The database's
 * triggers NOTIFY `tribe36_leaderboard` for every change that matters (migration 0028), on any process;
 * after one, the kept value is still answered for at most `staleMs` from when it was made, then the
 * next read makes it again (one at a time: reads meanwhile get the kept value while its period holds).
 * So a change made on any process shows within `staleMs`, plus the notification's way and one
 * computation. While notifications are not coming in (decision 15) nothing kept is trusted longer than
 * `staleMs`.
 */
export function createLeaderboardCache<T extends Kept>(
  database: Database,
  options: { compute: (now: number) => Promise<T>; now: () => number; staleMs?: number; keepMs?: number },
) {
  const { compute, now } = options;
  const staleMs = options.staleMs ?? LEADERBOARD_STALE_MS;
  const keepMs = options.keepMs ?? LEADERBOARD_KEEP_MS;
  let kept: T | undefined;
  let changed = false;
  let inflight: Promise<T> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let unwatch: (() => void) | undefined;

  function refresh(): Promise<T> {
    inflight ??= (async () => {
      changed = false;
      try {
        const at = now();
        const value = await compute(at);
        kept = { ...value, validUntil: Math.min(value.validUntil, at + keepMs) };
        return kept;
      } finally {
        inflight = undefined;
      }
    })();
    return inflight;
  }

  return {
    async start() {
      unwatch = database.notifications.onChange(() => (changed = true));
      unlisten = await listen(database, leaderboardChannel, () => (changed = true));
    },

    async stop() {
      unwatch?.();
      await unlisten?.().catch(() => {});
      kept = undefined;
    },

    /** The kept value when it holds, else made again (shared by the reads that ask meanwhile). */
    async get(): Promise<T> {
      const t = now();
      // A clock set back (tests) makes it again too: the kept periods may not be the clock's.
      if (kept && t < kept.validUntil && t >= kept.computedAt) {
        const trusted = !changed && database.notifications.isUp();
        if (trusted || t - kept.computedAt < staleMs) return kept;
        if (inflight) return kept;
      }
      return refresh();
    },

    /** Forgets the kept value here (this process's own change, seen before its notification comes back). */
    changed() {
      changed = true;
    },
  };
}

export type LeaderboardCache<T extends Kept> = ReturnType<typeof createLeaderboardCache<T>>;
