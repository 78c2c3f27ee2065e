import { CHAT_HEARTBEAT_MS, CHAT_PAGE_SIZE } from '../../../common/constants';
import type { ChatMessage } from '../../../common/contracts/chat';
import { MESSAGE_DELETED_EVENT, MESSAGE_EDITED_EVENT } from '../../../common/contracts/chat-stream';
import {
  authChannel,
  chatChannel,
  chatEditedChannel,
  chatRemovedChannel,
  listen,
  notify,
} from '../../db/channels';
import type { Database } from '../../db/client';
import type { PreparedAnswer } from '../../lib/prepared-answer';
import type { ChatMessageRecord, ChatRepository } from '../../db/repositories/chat.repository';
import { presentChatMessage } from '../../presenters/chat.presenter';
import type { Hidden } from '../../storage/block-store';
import { HEARTBEAT_FRAME, frameOf, joinFrames, namedEventFrame, type Frame } from '../../lib/sse';

/** A stream client that stops reading is dropped once this much waits for it. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Rows read at a time when catching up. */
const BATCH = 1000;
/** While notifications are not coming in, the room is read from the database this often. */
const FALLBACK_REFRESH_MS = 1000;

/**
 * One message as every reader gets it, made once when the message arrives: its JSON (joined into
 * the poll's page), and its stream event as bytes (server/lib/sse.ts).
 */
export type { Frame };
export { frameOf, namedEventFrame };
type Prepared = { record: ChatMessageRecord; message: ChatMessage; json: string; frame: Frame };

/** What a connected stream needs: one write of a frame's bytes, its backlog, and an end. */
export type StreamClient = {
  send(frame: Frame): void;
  buffered(): number;
  end(): void;
  /** The authors its viewer blocks (decision 55), read at each write: their messages are left out. */
  hidden?(): Hidden | undefined | null;
};

/** Whether `hidden` leaves out something by `author`. */
const hides = (hidden: Hidden | undefined | null, author: string | undefined): boolean =>
  hidden !== undefined && hidden !== null && author !== undefined && hidden.ids.has(author);

function prepare(record: ChatMessageRecord): Prepared {
  const message = presentChatMessage(record);
  const json = JSON.stringify(message);
  return { record, message, json, frame: frameOf(`id: ${message.id}\ndata: ${json}\n\n`) };
}

const HEARTBEAT = HEARTBEAT_FRAME;
/** Poll answers kept per `after` value until the room changes. */
const MAX_CACHED_ANSWERS = 256;

/**
 * The room's live state (docs/decisions.md decision 6): the newest page in memory, so that a poll costs
 * no query; new messages reach every server process through LISTEN/NOTIFY and go out to its
 * stream clients. Messages commit in id order (chat.repository.ts), and a process takes them in
 * that order: by reading everything after the last id it took, at most once per notification
 * whatever the client count, or, for its own message whose id follows that one, as it is stored,
 * with no read. Each message is serialized once, and every poll answer once per change.
 */
export function createChatFeed(database: Database, repo: ChatRepository) {
  let page: Prepared[] = [];
  /** The newest page's answer, made at the first poll after a change. */
  let newestAnswer: PreparedAnswer | undefined;
  /** Answers to `after` polls, made at the first such poll after a change. */
  const afterAnswers = new Map<number, PreparedAnswer>();
  let loaded: Promise<void> | undefined;
  /** Whether the first read of the page has ended: from then on polls are answered from memory. */
  let pageLoaded = false;
  let version = 0;
  let lastId = 0;
  const clients = new Set<StreamClient>();
  let refreshing: Promise<void> = Promise.resolve();
  /** A refresh asked for and not started yet: later asks join it. */
  let queued: Promise<void> | undefined;
  let unlisten: Array<() => Promise<void>> = [];
  let heartbeat: NodeJS.Timeout | undefined;
  /** Frames taken and not yet sent (flush), in id order. */
  let outgoing: Frame[] = [];
  /** The author of each of `outgoing`'s frames that shows a message (undefined: not a message). */
  let outgoingAuthors: Array<string | undefined> = [];
  let flushSoon: NodeJS.Immediate | undefined;
  /** Ids of this process's own messages that a read under way will take (publish). */
  const ownReads = new Set<number>();
  /** Messages among `outgoing` (the rest are named events such as the member count). */
  let outgoingMessages = 0;
  /** Running totals for the metrics (decision 30): plain numbers, counted per write, read per scrape. */
  const totals = { opened: 0, delivered: 0, dropped: 0 };

  function setPage(prepared: Prepared[]) {
    page = prepared.length > CHAT_PAGE_SIZE ? prepared.slice(-CHAT_PAGE_SIZE) : prepared;
    newestAnswer = undefined;
    afterAnswers.clear();
    lastId = Math.max(lastId, page.at(-1)?.record.id ?? 0);
    version += 1;
  }

  function ensureLoaded(): Promise<void> {
    loaded ??= repo.newest(CHAT_PAGE_SIZE).then(
      (rows) => {
        setPage(rows.map(prepare));
        pageLoaded = true;
      },
      (err) => {
        loaded = undefined;
        throw err;
      },
    );
    return loaded;
  }

  /** Writes `frame` to `client`, or drops a client that stopped reading; whether it was written. */
  function send(client: StreamClient, frame: Frame): boolean {
    if (client.buffered() > MAX_BUFFERED_BYTES) {
      clients.delete(client);
      client.end();
      totals.dropped += 1;
      return false;
    }
    client.send(frame);
    return true;
  }

  /**
   * Adds messages newer than any taken so far to the page and queues them for every stream, in id
   * order. Rows come from a read of everything after `lastId` (or are this process's own message
   * when its id follows `lastId`): since messages commit in id order (chat.repository.ts), no
   * lower id can turn up later, so every stream gets every message once and in order.
   */
  function take(rows: ChatMessageRecord[]) {
    const fresh = rows.filter((r) => r.id > lastId).sort((a, b) => a.id - b.id);
    if (fresh.length === 0) return;
    const prepared = fresh.map(prepare);
    setPage([...page, ...prepared]);
    for (const p of prepared) queue(p.frame, p.record.userId);
    outgoingMessages += prepared.length;
    flushSoon ??= setImmediate(flush);
  }

  /**
   * Sends every frame taken since the last flush to every stream, as one write per stream: the
   * messages that arrived in one turn of the event loop go out together. At a few messages a
   * second that is one message a write, at once; when messages come faster than the streams can
   * be written, the writes (a system call each, most of the cost) do not multiply with them.
   */
  function flush() {
    if (flushSoon) clearImmediate(flushSoon);
    flushSoon = undefined;
    if (outgoing.length === 0) return;
    const frames = outgoing;
    const authors = outgoingAuthors;
    const frame = frames.length === 1 ? frames[0]! : joinFrames(frames);
    const messages = outgoingMessages;
    outgoing = [];
    outgoingAuthors = [];
    outgoingMessages = 0;
    let reached = 0;
    for (const c of clients) {
      // A viewer who blocks an author of these gets them without that author's (decision 55): a
      // map lookup per stream, and frames of its own only when something is left out.
      const hidden = c.hidden?.();
      if (hidden && authors.some((a) => hides(hidden, a))) {
        const kept = frames.filter((_, i) => !hides(hidden, authors[i]));
        if (kept.length > 0 && send(c, kept.length === 1 ? kept[0]! : joinFrames(kept))) {
          totals.delivered += Math.max(0, messages - (frames.length - kept.length));
        }
        continue;
      }
      if (send(c, frame)) reached += 1;
    }
    totals.delivered += messages * reached;
  }

  /** Queues a frame for every stream; `author` when it shows someone's message (decision 55). */
  function queue(frame: Frame, author?: string) {
    outgoing.push(frame);
    outgoingAuthors.push(author);
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
    // Asks made while a read waits to start are answered by that read: it starts after them.
    queued ??= serialized(async () => {
      queued = undefined;
      await ensureLoaded();
      for (;;) {
        const rows = await repo.after(lastId, BATCH);
        take(rows);
        if (rows.length < BATCH) return;
      }
    });
    return queued;
  }

  /**
   * Reads the page's messages again, for their authors' current names and pictures and their
   * attempts' files. New messages are not taken here (only `refresh` takes them, in order): a row
   * newer than the page is left for it. Messages deleted since (issue 18) leave the page, which is
   * filled up again from older ones, and every stream is told (`message-deleted`), as it is of the
   * `deleted` ids given, which may be older than the page.
   */
  function reloadPage(deleted: readonly number[] = []): Promise<void> {
    return serialized(async () => {
      const gone = new Set(deleted);
      if (pageLoaded && page.length > 0) {
        // Every message of the page still there is among these: the read reaches as far as the page does.
        const fresh = new Map((await repo.after(page[0]!.record.id - 1, page.length)).map((r) => [r.id, r]));
        let kept = page.filter((p) => fresh.has(p.record.id)).map((p) => prepare(fresh.get(p.record.id)!));
        for (const p of page) if (!fresh.has(p.record.id)) gone.add(p.record.id);
        if (kept.length < page.length && page.length >= CHAT_PAGE_SIZE) {
          const from = kept[0]?.record.id ?? lastId + 1;
          kept = [...(await repo.before(from, CHAT_PAGE_SIZE - kept.length)).map(prepare), ...kept];
        }
        setPage(kept);
      }
      for (const id of gone) queue(namedEventFrame(MESSAGE_DELETED_EVENT, { id }));
      if (gone.size > 0) flushSoon ??= setImmediate(flush);
    });
  }

  /** Ids this process removed and announced itself: their NOTIFY's echo here does nothing more. */
  const ownRemovals = new Set<number>();
  /** Ids this process edited and announced itself, likewise. */
  const ownEdits = new Set<number>();

  /**
   * Messages their authors edited (decision 53): read again, put in the page in place of what it
   * held (the poll's answers change with it), and sent to every stream as `message-edited` with the
   * message as it now is, whether or not the page holds it (a client may hold older pages).
   */
  function reloadEdited(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return reloadPage();
    return serialized(async () => {
      const rows = await repo.byIds(ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (pageLoaded && page.some((p) => byId.has(p.record.id))) {
        setPage(page.map((p) => (byId.has(p.record.id) ? prepare(byId.get(p.record.id)!) : p)));
      }
      for (const r of rows) queue(namedEventFrame(MESSAGE_EDITED_EVENT, presentChatMessage(r)), r.userId);
      if (rows.length > 0) flushSoon ??= setImmediate(flush);
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
    // Echoes of removals lost meanwhile never come: the resync below finds what left the page.
    ownRemovals.clear();
    ownEdits.clear();
    if (up) {
      void resync().catch(() => {});
      return;
    }
    // Streams and polls keep being served, from the database, until notifications come back.
    fallbackTimer = setInterval(() => void refresh().catch(() => {}), FALLBACK_REFRESH_MS);
    fallbackTimer.unref();
  }
  let unwatchNotifications: (() => void) | undefined;

  /** The answer to a poll for `messages`, as bytes. */
  const answer = (json: string, etag: string): PreparedAnswer => ({ body: Buffer.from(json), etag });
  const versionTag = () => `${version}.${lastId}`;

  /** The newest page's answer, from memory; undefined until the page was first read. */
  function peekNewest(): PreparedAnswer | undefined {
    if (!pageLoaded) return undefined;
    newestAnswer ??= answer(`[${page.map((p) => p.json).join(',')}]`, `"${versionTag()}"`);
    return newestAnswer;
  }

  /** The answer to "messages after `id`" when memory holds it (the page covers them); else undefined. */
  function peekAfter(id: number): PreparedAnswer | undefined {
    if (!pageLoaded) return undefined;
    const cached = afterAnswers.get(id);
    if (cached) return cached;
    const oldest = page[0]?.record.id;
    if (oldest !== undefined && id < oldest - 1 && page.length >= CHAT_PAGE_SIZE) return undefined;
    const made = answer(
      `[${page
        .filter((p) => p.record.id > id)
        .map((p) => p.json)
        .join(',')}]`,
      `"${versionTag()}a${id}"`,
    );
    if (afterAnswers.size < MAX_CACHED_ANSWERS) afterAnswers.set(id, made);
    return made;
  }

  return {
    async start() {
      unwatchNotifications = database.notifications.onChange(onNotifications);
      if (!database.notifications.isUp()) onNotifications(false);
      // The payload is the new message's id: a message this process already has (its own) costs
      // no read. Anything else (an id not seen, an empty payload) reads the room.
      unlisten.push(
        await listen(database, chatChannel, (id) => {
          if (id !== null && (id <= lastId || ownReads.has(id))) return;
          void refresh().catch(() => {});
        }),
      );
      // Messages deleted on any process (issue 18) leave the page and every stream.
      unlisten.push(
        await listen(database, chatRemovedChannel, (ids) => {
          const others = (ids ?? []).filter((id) => !ownRemovals.delete(id));
          if (ids !== null && ids.length > 0 && others.length === 0) return;
          void reloadPage(others).catch(() => {});
        }),
      );
      // Messages edited on any process (decision 53) change in the page and on every stream.
      unlisten.push(
        await listen(database, chatEditedChannel, (ids) => {
          const others = (ids ?? []).filter((id) => !ownEdits.delete(id));
          if (ids !== null && ids.length > 0 && others.length === 0) return;
          void reloadEdited(ids === null ? [] : others).catch(() => {});
        }),
      );
      // A member's new name or picture shows in the room at once.
      unlisten.push(
        await listen(database, authChannel, (message) => {
          if (message && 'user' in message && page.some((m) => m.record.userId === message.user)) {
            void reloadPage().catch(() => {});
          }
        }),
      );
      heartbeat = setInterval(() => {
        for (const c of clients) send(c, HEARTBEAT);
      }, CHAT_HEARTBEAT_MS);
      heartbeat.unref();
    },

    /** Ends every stream at once (before the server waits for requests to finish). */
    closeStreams() {
      flush();
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

    /**
     * Stores a message (`store` inserts it) and sends it to this process's streams. When its id
     * follows the last one taken it goes out at once, without reading it back; otherwise (another
     * process's message came in between, or an id was skipped) the room is read from the last one
     * taken, so that the streams still get every message in id order. NOTIFY tells every other
     * process its id.
     */
    async publish(store: () => Promise<ChatMessageRecord>): Promise<ChatMessageRecord> {
      // The page must be there first, or the message would be taken for the whole room.
      await ensureLoaded().catch(() => {});
      const record = await store();
      const direct = loaded !== undefined && record.id === lastId + 1;
      if (direct) take([record]);
      const reading = direct || record.id <= lastId ? undefined : refresh();
      // Its NOTIFY's echo here costs no read of its own: this read takes it.
      if (reading) ownReads.add(record.id);
      await notify(database, chatChannel, record.id).catch(() => {});
      void reading?.finally(() => ownReads.delete(record.id)).catch(() => {});
      // Stored, so acknowledged even when it cannot be read back now (the database just went
      // away): it is read again shortly, and at the latest when the database returns.
      await reading?.catch(() => {
        setTimeout(() => void refresh().catch(() => {}), FALLBACK_REFRESH_MS).unref();
      });
      return record;
    },

    /**
     * After messages were deleted from the database (issue 18): they leave the page and every
     * stream is sent `message-deleted` with each id, in this process at once and in every other one
     * through NOTIFY. An empty list only reads the page again (an attempt's file deleted since).
     */
    async removed(ids: readonly number[]): Promise<void> {
      const announced = chatRemovedChannel.encode([...ids]) !== '';
      if (announced) for (const id of ids) ownRemovals.add(id);
      await reloadPage(ids).catch(() => {});
      await notify(database, chatRemovedChannel, announced ? [...ids] : []).catch(() => {
        for (const id of ids) ownRemovals.delete(id);
      });
    },

    /**
     * After messages were edited in the database (decision 53): the page holds them as they now are,
     * and every stream is sent `message-edited`, in this process at once and in every other one
     * through NOTIFY.
     */
    async edited(ids: readonly number[]): Promise<void> {
      const announced = chatEditedChannel.encode([...ids]) !== '';
      if (announced) for (const id of ids) ownEdits.add(id);
      await reloadEdited(ids).catch(() => {});
      await notify(database, chatEditedChannel, announced ? [...ids] : []).catch(() => {
        for (const id of ids) ownEdits.delete(id);
      });
    },

    /**
     * Sends an event that is not a message (namedEventFrame: the member count, say) to every
     * stream, with the messages taken in this turn of the event loop, after them.
     */
    broadcast(frame: Frame) {
      queue(frame);
      flushSoon ??= setImmediate(flush);
    },

    /**
     * The newest page's answer; its ETag changes whenever the page does. A viewer who blocks someone
     * (`hidden`, decision 55) gets an answer of their own, made for them and not kept.
     */
    async newest(hidden?: Hidden): Promise<PreparedAnswer> {
      await ensureLoaded();
      if (!hidden) return peekNewest()!;
      const kept = page.filter((p) => !hides(hidden, p.record.userId));
      return answer(`[${kept.map((p) => p.json).join(',')}]`, `"${versionTag()}h${hidden.tag}"`);
    },

    /** The answer to "messages after `id`": from memory when the page covers them. */
    async after(id: number, hidden?: Hidden): Promise<PreparedAnswer> {
      await ensureLoaded();
      if (!hidden) {
        const inMemory = peekAfter(id);
        if (inMemory) return inMemory;
      }
      const etag = `"${versionTag()}a${id}${hidden ? `h${hidden.tag}` : ''}"`;
      const oldest = page[0]?.record.id;
      if (hidden && !(oldest !== undefined && id < oldest - 1 && page.length >= CHAT_PAGE_SIZE)) {
        const kept = page.filter((p) => p.record.id > id && !hides(hidden, p.record.userId));
        return answer(`[${kept.map((p) => p.json).join(',')}]`, etag);
      }
      // Further back than the page: read from the database, not kept.
      const rows = (await repo.after(id, CHAT_PAGE_SIZE)).filter((r) => !hides(hidden, r.userId));
      return answer(JSON.stringify(rows.map(presentChatMessage)), etag);
    },

    /** `newest` and `after` when memory answers at once (the poll's fast path): no waiting. */
    peekNewest,
    peekAfter,

    async before(id: number, hidden?: Hidden): Promise<ChatMessage[]> {
      const rows = await repo.before(id, CHAT_PAGE_SIZE);
      return rows.filter((r) => !hides(hidden, r.userId)).map(presentChatMessage);
    },

    /** Adds a stream client, first sending what it missed since `lastEventId`, without gaps. */
    async subscribe(client: StreamClient, lastEventId: number | null): Promise<() => void> {
      await ensureLoaded();
      // What was taken before this client came is in its backlog, not in its live messages.
      flush();
      const covered = (from: number) => from >= (page[0]?.record.id ?? 0) - 1 || page.length < CHAT_PAGE_SIZE;
      totals.opened += 1;
      if (lastEventId === null || lastEventId >= lastId || covered(lastEventId)) {
        // From memory, in this tick: nothing can arrive in between.
        if (lastEventId !== null) {
          const hidden = client.hidden?.();
          for (const p of page) {
            if (p.record.id <= lastEventId || hides(hidden, p.record.userId)) continue;
            client.send(p.frame);
            totals.delivered += 1;
          }
        }
        clients.add(client);
        return () => clients.delete(client);
      }
      // Further back than the page: registered before the backlog is read, so that a message
      // arriving meanwhile is held and sent once, after the backlog (which stops where live begins).
      const pending: Frame[] = [];
      let live = false;
      const liveClient: StreamClient = {
        ...(client.hidden ? { hidden: client.hidden } : {}),
        send: (frame) => (live ? client.send(frame) : pending.push(frame)),
        buffered: () => client.buffered(),
        end: () => client.end(),
      };
      clients.add(liveClient);
      const upTo = lastId;
      for (let from = lastEventId; from < upTo;) {
        const rows = (await repo.after(from, BATCH)).filter((m) => m.id <= upTo);
        const hidden = client.hidden?.();
        for (const m of rows) if (!hides(hidden, m.userId)) client.send(prepare(m).frame);
        totals.delivered += rows.length;
        if (rows.length === 0) break;
        from = rows.at(-1)!.id;
      }
      for (const frame of pending) client.send(frame);
      live = true;
      return () => clients.delete(liveClient);
    },

    streamCount: () => clients.size,

    /**
     * For the metrics: streams open now, and since start the streams opened, the messages written to
     * streams (live and catch-up) and the streams dropped for not reading.
     */
    stats: () => ({ open: clients.size, ...totals }),
  };
}

export type ChatFeed = ReturnType<typeof createChatFeed>;
