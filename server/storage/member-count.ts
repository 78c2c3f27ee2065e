import { listen, membersChannel, notify } from '../db/channels';
import type { Database } from '../db/client';
import type { UsersRepository } from '../db/repositories/users.repository';

/**
 * How many members there are, kept in memory and true across server processes by LISTEN/NOTIFY
 * (decision 6's way): the count is read from the database once, then again only when a process
 * says it changed, so neither a visit to the home page nor an opened chat stream costs a query.
 * Whoever listens (`onChange`) hears each new count once, in the order the reads were made.
 *
 * NOTIFY carries no count: two registrations on two processes could announce their counts in the
 * opposite order to their commits. Every notification reads the count again instead, one read at a
 * time; asks made while a read waits to start are answered by that read. While notifications are
 * not coming in (decision 15), nothing cached is trusted: every ask reads the database.
 */
export function createMemberCount(database: Database, users: Pick<UsersRepository, 'count'>) {
  let known: number | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  let queued: Promise<number> | undefined;
  const listeners = new Set<(count: number) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  let unwatchNotifications: (() => void) | undefined;

  function update(count: number) {
    const before = known;
    known = count;
    if (before === undefined || before === count) return;
    for (const listener of listeners) listener(count);
  }

  /** Reads the count, after any read under way (which may have started before the change). */
  function read(): Promise<number> {
    queued ??= (() => {
      const run = chain.then(async () => {
        queued = undefined;
        const count = await users.count();
        update(count);
        return count;
      });
      chain = run.catch(() => {});
      return run;
    })();
    return queued;
  }

  return {
    async start() {
      unwatchNotifications = database.notifications.onChange((up) => {
        // Back after an outage: whatever changed meanwhile was not announced.
        if (up) void read().catch(() => {});
      });
      // Told that the number of members may have changed (a registration, a deleted account).
      unlisten = await listen(database, membersChannel, () => void read().catch(() => {}));
    },

    async stop() {
      unwatchNotifications?.();
      await unlisten?.().catch(() => {});
      listeners.clear();
    },

    /** The number of members: from memory while NOTIFY keeps it true, else from the database. */
    async current(): Promise<number> {
      if (known !== undefined && database.notifications.isUp()) return known;
      return read();
    },

    /** The last count known here, without waiting (undefined before the first read). */
    peek: (): number | undefined => known,

    /**
     * Says that an account was made or deleted: this process reads the count before it returns
     * (so its own answers are right at once), and every other process is told to read it too.
     * Never fails: a count that cannot be read now is read at the next change or recovery.
     */
    async changed(): Promise<void> {
      await read().catch(() => {});
      await notify(database, membersChannel, null).catch(() => {});
    },

    /** Calls `listener` with every new count; returns the function that stops it. */
    onChange(listener: (count: number) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type MemberCount = ReturnType<typeof createMemberCount>;
