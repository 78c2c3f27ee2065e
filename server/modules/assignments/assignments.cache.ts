import { drillsChannel, listen } from '../../db/channels';
import type { Database } from '../../db/client';

/** Kept at most this long, whatever happens: a change the database did not announce shows by then. */
const KEEP_MS = 5 * 60_000;
/** Members whose drills are kept; the least recently read go first. */
const MAX_MEMBERS = 20_000;

/**
 * Each member's own drills list (the rows of GET /api/assignments without a filter or a cursor) and the
 * community's time zone, kept in memory in each process (decision 81). Rows, not answers: a drill's
 * status is worked out from the request's clock each time, so open turns missed as time passes without
 * any change. The database's triggers (migration 0030) NOTIFY `tribe36_drills` on every change a list
 * shows, naming the member, or '' for everyone; the service also forgets at once what it changed itself.
 * While notifications are not coming in (decision 15) nothing kept is trusted, and nothing is kept. A
 * read under way when anything was forgotten does not keep its answer: it may predate the change.
 */
export function createDrillsCache<R>(
  database: Pick<Database, 'listen' | 'notifications'>,
  options: { now?: () => number } = {},
) {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { rows: R; at: number }>();
  let zone: { value: string; at: number } | undefined;
  let changes = 0;
  let unlisten: (() => Promise<void>) | undefined;
  let unwatch: (() => void) | undefined;

  /** Forgets a member's rows (`user`), or everything (null), here. */
  function forget(user: string | null) {
    changes++;
    if (user !== null) kept.delete(user);
    else {
      kept.clear();
      zone = undefined;
    }
  }

  const trusted = (at: number) => now() - at < KEEP_MS && database.notifications.isUp();

  return {
    async start() {
      unwatch = database.notifications.onChange(() => forget(null));
      // A payload not understood forgets everything, which is always safe.
      unlisten = await listen(database, drillsChannel, (user) => forget(user ? user : null));
    },

    async stop() {
      unwatch?.();
      await unlisten?.().catch(() => {});
      forget(null);
    },

    forget,

    /** The member's rows, from memory when known and trusted, else from `load` (then kept). */
    async rows(user: string, load: () => Promise<R>): Promise<R> {
      const hit = kept.get(user);
      if (hit && trusted(hit.at)) {
        kept.delete(user);
        kept.set(user, hit);
        return hit.rows;
      }
      const before = changes;
      const rows = await load();
      if (changes === before && database.notifications.isUp()) {
        kept.delete(user);
        kept.set(user, { rows, at: now() });
        if (kept.size > MAX_MEMBERS) kept.delete(kept.keys().next().value!);
      }
      return rows;
    },

    /** The community's time zone, from memory when known and trusted, else from `load` (then kept). */
    async timeZone(load: () => Promise<string>): Promise<string> {
      if (zone && trusted(zone.at)) return zone.value;
      const before = changes;
      const value = await load();
      if (changes === before && database.notifications.isUp()) zone = { value, at: now() };
      return value;
    },
  };
}

export type DrillsCache<R> = ReturnType<typeof createDrillsCache<R>>;
