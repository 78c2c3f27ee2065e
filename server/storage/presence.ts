import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { livePresence } from '../db/schema';

/** How often a process says again that its members with an open stream are there. */
export const PRESENCE_HEARTBEAT_MS = 20_000;
/**
 * A member is active while a row of theirs was seen this recently: three heartbeats, so that one late or
 * failed write (a busy database) never makes an open stream look idle, while a process that died without
 * its drain (killed, crashed) stops counting within a minute.
 */
export const PRESENCE_ACTIVE_MS = 60_000;

type Log = { warn(obj: object, msg: string): void };

const UUID = /^[0-9a-f-]{36}$/;
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Who has the app open (decision 58): a `live_presence` row per member and process while a live stream of
 * theirs (GET /api/live, or the old GET /api/chat/community/stream) is open there, written when the first
 * opens and by a heartbeat, deleted when the process's last stream of that member closes and when the
 * process drains. Mail (decision 60) and push (decision 61) ask it, so that nothing is sent to a member
 * who is looking: `isActive`, `activeAmong`. Writes are made one at a time in the order asked, so that an
 * open and a close that follow each other end as the last one says.
 */
export function createPresence(
  database: Database,
  options: { instance?: string; heartbeatMs?: number; activeMs?: number; log?: Log } = {},
) {
  const instance = options.instance ?? randomUUID();
  const heartbeatMs = options.heartbeatMs ?? PRESENCE_HEARTBEAT_MS;
  const activeMs = options.activeMs ?? PRESENCE_ACTIVE_MS;
  const db = database.db;
  /** Streams open on this process, per member. */
  const open = new Map<string, number>();
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  function serialized(task: () => Promise<unknown>): Promise<void> {
    const run = chain.then(task);
    chain = run.catch((err: unknown) => options.log?.warn({ err }, 'presence write failed'));
    return chain.then(() => undefined);
  }

  const upsert = (ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve()
      : db.execute(sql`
          insert into ${livePresence} (user_id, instance, seen_at)
          select u, ${instance}, now() from unnest(${uuidArray(ids)}) as u
          on conflict (user_id, instance) do update set seen_at = now()`);

  return {
    instance,

    /** A stream of `userId` opened here; the function given back says it closed (once). */
    opened(userId: string): () => void {
      const n = (open.get(userId) ?? 0) + 1;
      open.set(userId, n);
      if (n === 1) void serialized(() => upsert([userId]));
      let closed = false;
      return () => {
        if (closed) return;
        closed = true;
        const left = (open.get(userId) ?? 1) - 1;
        if (left > 0) {
          open.set(userId, left);
          return;
        }
        open.delete(userId);
        void serialized(() =>
          // Opened again meanwhile: its row stays.
          open.has(userId)
            ? Promise.resolve()
            : db.execute(
                sql`delete from ${livePresence} where user_id = ${userId}::uuid and instance = ${instance}`,
              ),
        );
      };
    },

    /** Whether `userId` has a live stream open on any process (seen within PRESENCE_ACTIVE_MS). */
    async isActive(userId: string): Promise<boolean> {
      if (open.has(userId)) return true;
      return (await this.activeAmong([userId])).has(userId);
    },

    /** Which of `userIds` have a live stream open on any process. */
    async activeAmong(userIds: readonly string[]): Promise<Set<string>> {
      const ids = [...new Set(userIds)].filter((id) => UUID.test(id));
      const active = new Set(ids.filter((id) => open.has(id)));
      const rest = ids.filter((id) => !active.has(id));
      if (rest.length === 0) return active;
      const result = (await db.execute(sql`
        select distinct user_id::text as id from ${livePresence}
        where user_id = any(${uuidArray(rest)})
          and seen_at > now() - interval '1 millisecond' * ${activeMs}::int`)) as unknown as {
        rows: Array<{ id: string }>;
      };
      for (const r of result.rows) active.add(r.id);
      return active;
    },

    /** Members with a stream open on this process (for the metrics and tests). */
    openHere: () => open.size,

    start() {
      timer = setInterval(() => void serialized(() => upsert([...open.keys()])), heartbeatMs);
      timer.unref();
    },

    /** The drain: this process's rows go (its streams have ended or are ending). */
    async stop() {
      clearInterval(timer);
      open.clear();
      await serialized(() => db.execute(sql`delete from ${livePresence} where instance = ${instance}`));
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
