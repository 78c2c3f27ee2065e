import { listen, notify, type Channel } from '../db/channels';
import type { Database } from '../db/client';
import type { ReportsRepository } from '../db/repositories/reports.repository';

/**
 * The authors a viewer's chat and discussions leave out (decision 55): the members they block. `tag`
 * changes whenever the set does, so that a poll's ETag changes with it.
 */
export type Hidden = { readonly ids: ReadonlySet<string>; readonly tag: string };

/** A member blocked or unblocked someone: every process reads that blocker's blocks again. */
export const blocksChannel: Channel<string> = {
  name: 'tribe36_blocks',
  encode: (blocker) => blocker,
  decode: (payload) => (/^[0-9a-f-]{36}$/.test(payload) ? payload : null),
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

  function reload(blocker: string): Promise<void> {
    return serialized(async () => {
      const rows = await repo.allBlocks([blocker]);
      setOf(
        blocker,
        rows.map((r) => r.blockedId),
      );
    });
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
      unlisten = await listen(database, blocksChannel, (blocker) => {
        if (blocker === null) {
          loaded = undefined;
          void loadAll().catch(() => {});
        } else if (ready) void reload(blocker).catch(() => {});
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

    /** Whom `viewer` blocks: from memory when it is true, else read. */
    async hidden(viewer: string): Promise<Hidden | undefined> {
      const known = this.peek(viewer);
      if (known !== null) return known;
      if (!ready) await loadAll();
      else await reload(viewer);
      return byBlocker.get(viewer);
    },

    /** `blocker`'s blocks changed: read here before returning, then every other process is told. */
    async changed(blocker: string): Promise<void> {
      await reload(blocker).catch(() => {});
      await notify(database, blocksChannel, blocker).catch(() => {});
    },
  };
}

export type BlockStore = ReturnType<typeof createBlockStore>;
