import { CHAT_HEARTBEAT_MS, CHAT_PAGE_SIZE } from '../../../common/constants';
import type { ChatMessage } from '../../../common/contracts/chat';
import type { Database } from '../../db/client';
import type { ChatMessageRecord, ChatRepository } from '../../db/repositories/chat.repository';

const CHANNEL = 'tribe36_chat';
const AUTH_CHANNEL = 'tribe36_auth';
/** Ids this far below the newest are re-read at each refresh: a message committed late is not lost. */
const LOOKBACK = 50;
/** A stream client that stops reading is dropped once this much waits for it. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Rows read at a time when catching up. */
const BATCH = 1000;
/** While notifications are not coming in, the room is read from the database this often. */
const FALLBACK_REFRESH_MS = 1000;

/** What a connected stream needs: raw writes. */
export type StreamClient = {
  write(chunk: string): void;
  buffered(): number;
  end(): void;
};

export function presentChatMessage(m: ChatMessageRecord): ChatMessage {
  return {
    id: m.id,
    content: m.content,
    messageType: m.messageType,
    createdAt: m.createdAt.toISOString(),
    user: { name: m.name, username: m.username, profilePicture: m.profilePicture },
  };
}

const sseEvent = (m: ChatMessage) => `id: ${m.id}\ndata: ${JSON.stringify(m)}\n\n`;

/**
 * The room's live state (DESIGN.md decision 6): the newest page in memory, so that a poll costs
 * no query; new messages reach every server process through LISTEN/NOTIFY and go out to its
 * stream clients. A process reads new rows once per notification, whatever its client count.
 */
export function createChatFeed(database: Database, repo: ChatRepository) {
  let page: ChatMessageRecord[] = [];
  let presented: ChatMessage[] = [];
  /** The newest page as JSON, made once per change and sent as it is to every poll. */
  let presentedJson: string | undefined;
  let loaded: Promise<void> | undefined;
  let version = 0;
  let lastId = 0;
  const clients = new Set<StreamClient>();
  let refreshing: Promise<void> = Promise.resolve();
  let unlisten: Array<() => Promise<void>> = [];
  let heartbeat: NodeJS.Timeout | undefined;

  function setPage(rows: ChatMessageRecord[]) {
    page = rows.slice(-CHAT_PAGE_SIZE);
    presented = page.map(presentChatMessage);
    presentedJson = undefined;
    lastId = Math.max(lastId, page.at(-1)?.id ?? 0);
    version += 1;
  }

  function ensureLoaded(): Promise<void> {
    loaded ??= repo.newest(CHAT_PAGE_SIZE).then(setPage, (err) => {
      loaded = undefined;
      throw err;
    });
    return loaded;
  }

  function send(client: StreamClient, chunk: string) {
    if (client.buffered() > MAX_BUFFERED_BYTES) {
      clients.delete(client);
      client.end();
      return;
    }
    client.write(chunk);
  }

  /** Adds rows to the page and sends those not seen before to every stream, in id order. */
  function take(rows: ChatMessageRecord[]) {
    const known = new Set(page.map((m) => m.id));
    const fresh = rows.filter((r) => !known.has(r.id) && (r.id > lastId || r.id > (page[0]?.id ?? 0)));
    if (fresh.length === 0) return;
    fresh.sort((a, b) => a.id - b.id);
    setPage([...page, ...fresh].sort((a, b) => a.id - b.id));
    for (const m of fresh) {
      const chunk = sseEvent(presentChatMessage(m));
      for (const c of clients) send(c, chunk);
    }
  }

  /** Runs `task` after every read before it: one read of the room at a time. */
  function serialized(task: () => Promise<void>): Promise<void> {
    refreshing = refreshing.then(task);
    const done = refreshing;
    refreshing = refreshing.catch(() => {});
    return done;
  }

  /** Reads what is new since the last look and fans it out, however much it is. */
  function refresh(): Promise<void> {
    return serialized(async () => {
      await ensureLoaded();
      for (;;) {
        const rows = await repo.after(Math.max(0, lastId - LOOKBACK), BATCH);
        const before = lastId;
        take(rows);
        if (rows.length < BATCH || lastId === before) return;
      }
    });
  }

  /** Reads the newest page again (names and pictures may have changed), sending what is new. */
  function reloadPage(): Promise<void> {
    return serialized(async () => {
      const rows = await repo.newest(CHAT_PAGE_SIZE);
      take(rows);
      if (rows.length > 0) setPage(rows);
    });
  }

  /** After notifications were lost: sends every stream what it missed, then reads the page again. */
  async function resync(): Promise<void> {
    await refresh();
    await reloadPage();
  }

  let fallbackTimer: NodeJS.Timeout | undefined;
  function onNotifications(up: boolean) {
    clearInterval(fallbackTimer);
    fallbackTimer = undefined;
    if (up) {
      void resync().catch(() => {});
      return;
    }
    // Streams and polls keep being served, from the database, until notifications come back.
    fallbackTimer = setInterval(() => void refresh().catch(() => {}), FALLBACK_REFRESH_MS);
    fallbackTimer.unref();
  }
  let unwatchNotifications: (() => void) | undefined;

  return {
    async start() {
      unwatchNotifications = database.notifications.onChange(onNotifications);
      if (!database.notifications.isUp()) onNotifications(false);
      unlisten.push(await database.listen(CHANNEL, () => void refresh().catch(() => {})));
      // A member's new name or picture shows in the room at once.
      unlisten.push(
        await database.listen(AUTH_CHANNEL, (payload) => {
          if (payload.startsWith('u:') && page.some((m) => m.userId === payload.slice(2))) {
            void reloadPage().catch(() => {});
          }
        }),
      );
      heartbeat = setInterval(() => {
        for (const c of clients) send(c, ': keep-alive\n\n');
      }, CHAT_HEARTBEAT_MS);
      heartbeat.unref();
    },

    /** Ends every stream at once (before the server waits for requests to finish). */
    closeStreams() {
      for (const c of clients) c.end();
      clients.clear();
    },

    async stop() {
      if (heartbeat) clearInterval(heartbeat);
      clearInterval(fallbackTimer);
      unwatchNotifications?.();
      this.closeStreams();
      for (const u of unlisten) await u().catch(() => {});
      unlisten = [];
    },

    /** Tells every process (this one included) that a message was stored; resolves once this one has it. */
    async published(): Promise<void> {
      await database.notify(CHANNEL, '').catch(() => {});
      // The message is stored, so it is acknowledged even when it cannot be read back now (the
      // database just went away): it is read again shortly, and at the latest when it returns.
      await refresh().catch(() => {
        setTimeout(() => void refresh().catch(() => {}), FALLBACK_REFRESH_MS).unref();
      });
    },

    /** The newest page as JSON, and a version that changes whenever it does. */
    async newest(): Promise<{ json: string; version: string }> {
      await ensureLoaded();
      presentedJson ??= JSON.stringify(presented);
      return { json: presentedJson, version: `${version}.${lastId}` };
    },

    /** Messages after `id`: from memory when the page covers them. */
    async after(id: number): Promise<{ messages: ChatMessage[]; version: string }> {
      await ensureLoaded();
      const v = `${version}.${lastId}`;
      const oldest = page[0]?.id;
      if (oldest === undefined || id >= oldest - 1 || page.length < CHAT_PAGE_SIZE) {
        return { messages: presented.filter((m) => m.id > id), version: v };
      }
      return { messages: (await repo.after(id, CHAT_PAGE_SIZE)).map(presentChatMessage), version: v };
    },

    async before(id: number): Promise<ChatMessage[]> {
      return (await repo.before(id, CHAT_PAGE_SIZE)).map(presentChatMessage);
    },

    /** Adds a stream client, first sending what it missed since `lastEventId`. */
    async subscribe(client: StreamClient, lastEventId: number | null): Promise<() => void> {
      await ensureLoaded();
      // Registered before the backlog is read: a message arriving meanwhile is sent at most once,
      // because the backlog stops at the id the client will then receive live.
      const pending: string[] = [];
      let live = false;
      const liveClient: StreamClient = {
        write: (chunk) => (live ? client.write(chunk) : pending.push(chunk)),
        buffered: () => client.buffered(),
        end: () => client.end(),
      };
      clients.add(liveClient);
      const upTo = lastId;
      if (lastEventId !== null && lastEventId < upTo) {
        const oldest = page[0]?.id ?? 0;
        const missed =
          lastEventId >= oldest - 1 || page.length < CHAT_PAGE_SIZE
            ? presented.filter((m) => m.id > lastEventId && m.id <= upTo)
            : (await repo.after(lastEventId, 1000)).filter((m) => m.id <= upTo).map(presentChatMessage);
        for (const m of missed) client.write(sseEvent(m));
      }
      for (const chunk of pending) client.write(chunk);
      live = true;
      return () => clients.delete(liveClient);
    },

    streamCount: () => clients.size,
  };
}

export type ChatFeed = ReturnType<typeof createChatFeed>;
