import { leaderboardChannel, listen } from '../../db/channels';
import type { Database } from '../../db/client';

/**
 * What the cache keeps: `computedAt`, when it was last made whole; `validUntil`, when its periods end
 * (or a member's suspension, which changes no row when it runs out);
 * `madeAt`, when it was last brought up to date (whole or for some members).
 */
export type Kept = { computedAt: number; validUntil: number; madeAt: number };

/** A change is seen by reads at most this long after its notification arrives, unless set. */
export const LEADERBOARD_STALE_MS = 2_000;
/**
 * A kept board is made whole again after this long, unless set: a change the database did not announce
 * (a table changed with its triggers off) shows by then.
 */
export const LEADERBOARD_KEEP_MS = 5 * 60_000;
/** More members named than this before the next read: the whole board is made again. */
const MEMBERS_MAX = 500;

/**
 * The leaderboard kept in memory (decision 83). The database's triggers NOTIFY `tribe36_leaderboard`
 * on every process for every change that matters (migrations 0028, 0029), naming the member whose
 * standing changed. After one, the kept value is still answered for at most `staleMs` from when it was
 * last brought up to date; then the next read works out the members named since (`update`: a few rows
 * read by index, the boards ranked again in memory), or the whole board (`compute`) when the time zone
 * changed, the period ended, it is older than `keepMs`, or notifications are not coming in (decision
 * 15; then nothing kept is trusted longer than `staleMs`). One at a time: reads meanwhile get the kept
 * value while its periods hold. So a change made on any process shows within `staleMs`, plus the
 * notification's way and one update. Past `keepMs` the whole board is made again behind the kept one.
 */
export function createLeaderboardCache<T extends Kept>(
  database: Database,
  options: {
    compute: (now: number) => Promise<T>;
    update: (kept: T, members: readonly string[], now: number) => Promise<T>;
    now: () => number;
    staleMs?: number;
    keepMs?: number;
  },
) {
  const { compute, update, now } = options;
  const staleMs = options.staleMs ?? LEADERBOARD_STALE_MS;
  const keepMs = options.keepMs ?? LEADERBOARD_KEEP_MS;
  let kept: T | undefined;
  let whole = false;
  const named = new Set<string>();
  let inflight: Promise<T> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let unwatch: (() => void) | undefined;

  function changed(member: string | null) {
    if (member === null) whole = true;
    else if (named.add(member).size > MEMBERS_MAX) whole = true;
  }

  /** The kept value holds for `t`: its periods, and a clock not set back (tests). */
  const holds = (k: T | undefined, t: number): k is T =>
    k !== undefined && t < k.validUntil && t >= k.computedAt;

  function refresh(t: number): Promise<T> {
    inflight ??= (async () => {
      try {
        const partial =
          holds(kept, t) && !whole && database.notifications.isUp() && t - kept.computedAt < keepMs;
        const members = [...named];
        named.clear();
        whole = false;
        const value = partial ? await update(kept!, members, t) : await compute(t);
        kept = partial ? { ...value, madeAt: t } : { ...value, computedAt: t, madeAt: t };
        return kept;
      } finally {
        inflight = undefined;
      }
    })();
    return inflight;
  }

  return {
    async start() {
      unwatch = database.notifications.onChange(() => changed(null));
      unlisten = await listen(database, leaderboardChannel, (member) => changed(member ? member : null));
    },

    async stop() {
      unwatch?.();
      await unlisten?.().catch(() => {});
      kept = undefined;
    },

    /**
     * The kept value when it holds, else brought up to date (shared by the reads that ask meanwhile).
     * Older than `keepMs` but within its periods, it is still answered while the whole board is made
     * again behind it: no read waits for that.
     */
    async get(): Promise<T> {
      const t = now();
      if (holds(kept, t)) {
        if (t >= kept.computedAt + keepMs) {
          refresh(t).catch(() => {});
          return kept;
        }
        const clean = !whole && named.size === 0 && database.notifications.isUp();
        if (clean || t - kept.madeAt < staleMs || inflight) return kept;
      }
      return refresh(t);
    },

    /** The kept value as it is when there is one for these periods (made again behind it if due), else made. */
    async peek(): Promise<T> {
      const t = now();
      if (!holds(kept, t)) return refresh(t);
      void this.get().catch(() => {});
      return kept;
    },
  };
}

export type LeaderboardCache<T extends Kept> = ReturnType<typeof createLeaderboardCache<T>>;
