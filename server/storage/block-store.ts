import { listen, notify, type Channel } from '../db/channels';
import type { Database } from '../db/client';
import type { ReportsRepository } from '../db/repositories/reports.repository';

/**
 * The authors a viewer's chat and discussions leave out (decision 55): the members they block. `tag`
 * changes whenever the set does, so that a poll's ETag changes with it.
 */
export type Hidden = { readonly ids: ReadonlySet<string>; readonly tag: string };

/**
 * A member blocked or unblocked someone. The change itself travels with it (`+id` or `-id`), so every
 * process applies it the moment the notification arrives, before any later notification (a message the
 * blocked member posts next) is handled; then it reads that blocker's blocks again to be sure.
 */
export type BlockChange = { blocker: string; blocked?: string; on?: boolean };

const UUID = /^[0-9a-f-]{36}$/;

export const blocksChannel: Channel<BlockChange> = {
  name: 'tribe36_blocks',
  encode: ({ blocker, blocked, on }) => (blocked ? `${blocker} ${on ? '+' : '-'}${blocked}` : blocker),
  decode: (payload) => {
    const [blocker = '', change] = payload.split(' ');
    if (!UUID.test(blocker)) return null;
    if (change === undefined) return { blocker };
    const blocked = change.slice(1);
    if (!UUID.test(blocked) || (change[0] !== '+' && change[0] !== '-')) return { blocker };
    return { blocker, blocked, on: change[0] === '+' };
  },
};

/**
 * Every member's blocks in memory (decision 55), true across processes by NOTIFY: read once, then a
 * blocker's again when any process says they changed. A stream asks it at every write, a poll at every
 * answer, with no query: `peek` is a map lookup. Blocks are few (a member blocks a handful at most), so
 * all of them fit. While notifications are down nothing is trusted (`peek` answers null: the caller
 * reads through `hidden`, which reads the database).
 */
export function createBlockStore(database: Database, repo: Pick<ReportsRepository, 'allBlocks'>) {
  const byBlocker = new Map<string, Hidden>();
  let loaded: Promise<void> | undefined;
  let ready = false;
  let version = 0;
  let chain: Promise<unknown> = Promise.resolve();
  let unlisten: (() => Promise<void>) | undefined;
  let unwatch: (() => void) | undefined;

  function setOf(blocker: string, ids: string[]) {
    if (ids.length === 0) byBlocker.delete(blocker);
    else byBlocker.set(blocker, { ids: new Set(ids), tag: `${(version += 1)}` });
  }

  /** One read at a time, in the order asked. */
  function serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = chain.then(task);
    chain = run.catch(() => {});
    return run;
  }

  function loadAll(): Promise<void> {
    loaded ??= serialized(async () => {
      const rows = await repo.allBlocks();
      const grouped = new Map<string, string[]>();
      for (const r of rows) {
        const list = grouped.get(r.blockerId) ?? [];
        list.push(r.blockedId);
        grouped.set(r.blockerId, list);
      }
      byBlocker.clear();
      for (const [blocker, ids] of grouped) setOf(blocker, ids);
      ready = true;
    }).catch((err: unknown) => {
      loaded = undefined;
      throw err;
    });
    return loaded;
  }

  /** Numbers the reads and the changes applied from notifications, so an older read never undoes one. */
  let seq = 0;
  const appliedAt = new Map<string, number>();

  function reload(blocker: string): Promise<void> {
    return serialized(async () => {
      const started = (seq += 1);
      const rows = await repo.allBlocks([blocker]);
      // A change that arrived while this read was under way is newer than what it read: the read that
      // change queued will settle it.
      if ((appliedAt.get(blocker) ?? 0) > started) return;
      setOf(
        blocker,
        rows.map((r) => r.blockedId),
      );
    });
  }

  /** Applies a change as it arrives, at once (no read), then reads the blocker's blocks again. */
  function apply({ blocker, blocked, on }: BlockChange) {
    if (blocked !== undefined) {
      appliedAt.set(blocker, (seq += 1));
      const ids = new Set(byBlocker.get(blocker)?.ids);
      if (on) ids.add(blocked);
      else ids.delete(blocked);
      setOf(blocker, [...ids]);
    }
    void reload(blocker).catch(() => {});
  }

  return {
    async start() {
      unwatch = database.notifications.onChange((up) => {
        if (!up) {
          ready = false;
          return;
        }
        // Back after an outage: whatever changed meanwhile was not announced.
        loaded = undefined;
        void loadAll().catch(() => {});
      });
      unlisten = await listen(database, blocksChannel, (change) => {
        if (change === null) {
          loaded = undefined;
          void loadAll().catch(() => {});
        } else if (ready) apply(change);
      });
      await loadAll().catch(() => {});
    },

    async stop() {
      unwatch?.();
      await unlisten?.().catch(() => {});
    },

    /**
     * Whom `viewer` blocks, from memory: undefined for nobody, null when memory cannot answer (not read
     * yet, or notifications are down).
     */
    peek(viewer: string): Hidden | undefined | null {
      if (!ready || !database.notifications.isUp()) return null;
      return byBlocker.get(viewer);
    },

    /** Who blocks `viewer`, from memory (the leaderboard leaves them out, decision 83). */
    blockersOf(viewer: string): ReadonlySet<string> {
      const out = new Set<string>();
      for (const [blocker, hidden] of byBlocker) if (hidden.ids.has(viewer)) out.add(blocker);
      return out;
    },

    /** Whom `viewer` blocks: from memory when it is true, else read. */
    async hidden(viewer: string): Promise<Hidden | undefined> {
      const known = this.peek(viewer);
      if (known !== null) return known;
      if (!ready) await loadAll();
      else await reload(viewer);
      return byBlocker.get(viewer);
    },

    /** Whom `viewer` blocks, read from the database now (a stream as it opens), and kept. */
    async refresh(viewer: string): Promise<Hidden | undefined> {
      if (!ready) await loadAll();
      await reload(viewer);
      return byBlocker.get(viewer);
    },

    /**
     * `blocker` blocked (`on`) or unblocked `blocked`: applied here before returning, then every other
     * process is told, with the change itself so that it holds there before anything posted after it.
     */
    async changed(blocker: string, blocked: string, on: boolean): Promise<void> {
      apply({ blocker, blocked, on });
      await notify(database, blocksChannel, { blocker, blocked, on }).catch(() => {});
    },
  };
}

export type BlockStore = ReturnType<typeof createBlockStore>;
