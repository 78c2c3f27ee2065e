import { authChannel, listen, notify, progressChannel } from '../db/channels';
import type { Database } from '../db/client';

/** Answers kept at most this long, whatever happens: a path that changes progress and forgot to say so. */
const KEEP_MS = 5 * 60_000;
/** Members whose answers are kept; the least recently read go first. */
const MAX_MEMBERS = 20_000;

/**
 * Each member's progress answer (GET /api/progress, issue 18) kept in memory and true across server
 * processes by LISTEN/NOTIFY (decision 6's way), so that reading it again, on every page of the
 * curriculum, costs no query (docs/decisions.md decision 40). A member's own change (done, not done,
 * a visit) forgets their answer; a coach's post, a cleared thread or a deleted attempt forgets every
 * answer, since any member's unread mark may follow. Processes are told on `tribe36_progress`; an
 * admin granted or revoked (`tribe36_auth`) forgets everything too. While notifications are not
 * coming in (decision 15) nothing kept is trusted, and nothing is kept.
 *
 * A read that was under way when anything was forgotten does not keep its answer: it may have been
 * made before the change it missed.
 */
export function createProgressCache<T>(database: Database, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { value: T; at: number }>();
  let changes = 0;
  let unlisten: Array<() => Promise<void>> = [];
  let unwatchNotifications: (() => void) | undefined;

  function forget(user: string | null) {
    changes++;
    if (user === null) kept.clear();
    else kept.delete(user);
  }

  return {
    async start() {
      unwatchNotifications = database.notifications.onChange(() => forget(null));
      unlisten = [
        // A payload not understood forgets everything, which is always safe.
        await listen(database, progressChannel, (user) => forget(user ? user : null)),
        // A user changed: an admin granted or revoked changes who counts as a coach.
        await listen(database, authChannel, (m) => (m && 'user' in m ? forget(null) : undefined)),
      ];
    },

    async stop() {
      unwatchNotifications?.();
      await Promise.all(unlisten.map((fn) => fn().catch(() => {})));
      kept.clear();
    },

    /** The member's answer, from memory when it is known and can be trusted, else from `load`. */
    async get(user: string, load: () => Promise<T>): Promise<T> {
      const hit = kept.get(user);
      if (hit && now() - hit.at < KEEP_MS && database.notifications.isUp()) {
        kept.delete(user);
        kept.set(user, hit);
        return hit.value;
      }
      const before = changes;
      const value = await load();
      if (changes === before && database.notifications.isUp()) {
        kept.delete(user);
        kept.set(user, { value, at: now() });
        if (kept.size > MAX_MEMBERS) kept.delete(kept.keys().next().value!);
      }
      return value;
    },

    /**
     * Says that a member's progress changed (`user`), or that every member's unread marks may have
     * (null): forgotten here before it returns, and on every other process. Never fails: while
     * NOTIFY cannot be sent, no process trusts what it keeps.
     */
    async changed(user: string | null): Promise<void> {
      forget(user);
      await notify(database, progressChannel, user ?? '').catch(() => {});
    },
  };
}

export type ProgressCache<T> = ReturnType<typeof createProgressCache<T>>;

/** What a service that changes progress, or unread marks, needs of the cache. */
export type ProgressChanges = Pick<ProgressCache<unknown>, 'changed'>;
