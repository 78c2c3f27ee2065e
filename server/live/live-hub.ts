import { CHAT_HEARTBEAT_MS } from '../../common/constants';
import type { DiscussionMessage } from '../../common/contracts/lessons';
import {
  DISCUSSION_CHANGED_EVENT,
  DISCUSSION_CLEARED_EVENT,
  DISCUSSION_MESSAGE_DELETED_EVENT,
  DISCUSSION_MESSAGE_EDITED_EVENT,
  DISCUSSION_MESSAGE_EVENT,
  type LiveThread,
} from '../../common/contracts/live';
import { listen, notify, type Channel } from '../db/channels';
import type { Database } from '../db/client';
import type { DiscussionMessageRecord, Slot } from '../db/repositories/lessons.repository';
import { HEARTBEAT_FRAME, namedEventFrame, type Frame } from '../lib/sse';
import type { Hidden } from '../storage/block-store';

/** A stream that stops reading is dropped once this much waits for it (as the chat's). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** What happened in a thread: a message new, edited or removed (by id), the thread cleared, or "read it again". */
export type DiscussionChange =
  | { kind: 'new' | 'edited' | 'removed'; thread: string; id: number }
  | { kind: 'cleared' | 'changed'; thread: string };

const KINDS = { n: 'new', e: 'edited', r: 'removed', c: 'cleared', x: 'changed' } as const;
const LETTERS = { new: 'n', edited: 'e', removed: 'r', cleared: 'c', changed: 'x' } as const;
const THREAD = /^[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+$/;

/**
 * `tribe36_discussion`: a change in a lesson discussion (decision 58), `<n|e|r|c|x> <thinkTank/topic/lesson>[
 * <id>]`. Every process with a live stream on that thread reads the message once and sends it to them.
 */
export const discussionChannel: Channel<DiscussionChange> = {
  name: 'tribe36_discussion',
  encode: (c) => `${LETTERS[c.kind]} ${c.thread}${'id' in c ? ` ${c.id}` : ''}`,
  decode(payload) {
    const [letter, thread = '', id] = payload.split(' ');
    const kind = KINDS[letter as keyof typeof KINDS];
    if (!kind || !THREAD.test(thread)) return null;
    if (kind === 'cleared' || kind === 'changed') return { kind, thread };
    if (id === undefined || !/^\d{1,15}$/.test(id)) return null;
    return { kind, thread, id: Number(id) };
  },
};

/** One live stream, as the hub sees it: whose, which thread it shows (if any), its writes. */
export type LiveClient = {
  viewer: string;
  /** `thinkTank/topic/lesson`, or undefined when the stream shows no discussion. */
  thread?: string;
  /** False when the chat feed already sends it heartbeats. */
  heartbeat: boolean;
  send(frame: Frame): void;
  buffered(): number;
  end(): void;
  /** The authors its viewer blocks (decision 55), read at each write. */
  hidden(): Hidden | undefined | null;
};

const slotOf = (thread: string): Slot => {
  const [thinkTank = '', topicSlug = '', lessonSlug = ''] = thread.split('/');
  return { thinkTank, topicSlug, lessonSlug };
};
const liveThreadOf = (thread: string): LiveThread => {
  const s = slotOf(thread);
  return { thinkTank: s.thinkTank, topic: s.topicSlug, lesson: s.lessonSlug };
};
export const threadOfSlot = (s: Slot) => `${s.thinkTank}/${s.topicSlug}/${s.lessonSlug}`;

/** What the hub reads: a thread's messages (with a viewer's own removed ones when `viewerId`), and one's author. */
export type DiscussionReader = {
  list(slot: Slot, limit: number, viewerId?: string): Promise<DiscussionMessageRecord[]>;
  facts(slot: Slot, id: number): Promise<{ userId: string; removedAt: Date | null } | null>;
};

/** Presents a record as a viewer who blocks `blocked` sees it (the quote of a blocked author left out). */
export type PresentDiscussion = (
  r: DiscussionMessageRecord,
  blocked?: ReadonlySet<string>,
) => DiscussionMessage;

/** How far back an edit or a removal is looked for (as far as GET of a thread reaches). */
const HISTORY = 500;

/**
 * The live streams of this process and the lesson discussions they show (decision 58). A change in a
 * thread is announced with NOTIFY on `tribe36_discussion` by whichever process made it; every process
 * (that one too, through its own echo) that has streams on that thread reads the message once and sends
 * each of them its event, leaving out authors their viewer blocks (decision 55); a coach's removal is its
 * author's tombstone (decision 53): `discussion-message-edited` with `removed` to them, deleted to the
 * rest. Changes are handled one at a time, in the order they arrive. Streams that show no chat get their
 * heartbeat here. While notifications are down, changes are not heard: when they come back every stream
 * on a thread is told to read it again.
 */
export function createLiveHub(database: Database, reader: DiscussionReader, present: PresentDiscussion) {
  const clients = new Set<LiveClient>();
  const byThread = new Map<string, Set<LiveClient>>();
  let chain: Promise<unknown> = Promise.resolve();
  let unlisten: (() => Promise<void>) | undefined;
  let unwatch: (() => void) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const totals = { opened: 0, events: 0, dropped: 0 };

  function drop(client: LiveClient) {
    clients.delete(client);
    byThread.get(client.thread ?? '')?.delete(client);
    client.end();
    totals.dropped += 1;
  }

  function send(client: LiveClient, frame: Frame) {
    if (client.buffered() > MAX_BUFFERED_BYTES) return drop(client);
    client.send(frame);
    totals.events += 1;
  }

  const watching = (thread: string) => {
    const set = byThread.get(thread);
    return set && set.size > 0 ? [...set] : [];
  };

  /** `message` framed as `event` for each distinct set of blocks among `to`, made once per set. */
  function sendMessage(to: LiveClient[], event: string, thread: string, record: DiscussionMessageRecord) {
    const frames = new Map<string, Frame>();
    const author = record.authorId;
    for (const c of to) {
      const hidden = c.hidden();
      if (hidden && author !== undefined && hidden.ids.has(author)) continue;
      const tag = hidden ? hidden.tag : '';
      let frame = frames.get(tag);
      if (!frame) {
        frame = namedEventFrame(event, {
          thread: liveThreadOf(thread),
          message: present(record, hidden?.ids),
        });
        frames.set(tag, frame);
      }
      send(c, frame);
    }
  }

  async function handle(change: DiscussionChange) {
    const to = watching(change.thread);
    if (to.length === 0) return;
    const thread = liveThreadOf(change.thread);
    if (!('id' in change)) {
      const event = change.kind === 'cleared' ? DISCUSSION_CLEARED_EVENT : DISCUSSION_CHANGED_EVENT;
      const frame = namedEventFrame(event, { thread });
      for (const c of to) send(c, frame);
      return;
    }
    const slot = slotOf(change.thread);
    const id = change.id;
    const standing = (await reader.list(slot, HISTORY)).find((r) => r.id === id);
    if (standing) {
      const event = change.kind === 'new' ? DISCUSSION_MESSAGE_EVENT : DISCUSSION_MESSAGE_EDITED_EVENT;
      sendMessage(to, event, change.thread, standing);
      return;
    }
    // Gone for everyone, or removed by a coach: its author sees their tombstone (decision 53).
    const facts = change.kind === 'removed' ? await reader.facts(slot, id) : null;
    const author = facts && facts.removedAt !== null ? facts.userId : undefined;
    const tombstone =
      author === undefined ? undefined : (await reader.list(slot, HISTORY, author)).find((r) => r.id === id);
    const deleted = namedEventFrame(DISCUSSION_MESSAGE_DELETED_EVENT, { thread, id });
    const authors = tombstone ? to.filter((c) => c.viewer === author) : [];
    if (tombstone) sendMessage(authors, DISCUSSION_MESSAGE_EDITED_EVENT, change.thread, tombstone);
    for (const c of to) if (!authors.includes(c)) send(c, deleted);
  }

  function onChange(change: DiscussionChange | null) {
    if (!change) return;
    chain = chain.then(() => handle(change)).catch(() => {});
  }

  /** After notifications were down: every stream on a thread reads it again. */
  function onNotifications(up: boolean) {
    if (!up) return;
    for (const thread of byThread.keys()) onChange({ kind: 'changed', thread });
  }

  return {
    async start() {
      unlisten = await listen(database, discussionChannel, onChange);
      unwatch = database.notifications.onChange(onNotifications);
      heartbeat = setInterval(() => {
        for (const c of clients) if (c.heartbeat) send(c, HEARTBEAT_FRAME);
      }, CHAT_HEARTBEAT_MS);
      heartbeat.unref();
    },

    /** Ends every stream at once (the drain: before the server waits for requests to finish). */
    closeStreams() {
      for (const c of [...clients]) c.end();
      clients.clear();
      byThread.clear();
    },

    async stop() {
      clearInterval(heartbeat);
      unwatch?.();
      this.closeStreams();
      await unlisten?.().catch(() => {});
      await chain;
    },

    /** Adds a stream; the function given back takes it away. */
    subscribe(client: LiveClient): () => void {
      clients.add(client);
      totals.opened += 1;
      if (client.thread !== undefined) {
        let set = byThread.get(client.thread);
        if (!set) byThread.set(client.thread, (set = new Set()));
        set.add(client);
      }
      return () => {
        clients.delete(client);
        if (client.thread === undefined) return;
        const set = byThread.get(client.thread);
        set?.delete(client);
        if (set?.size === 0) byThread.delete(client.thread);
      };
    },

    /** Tells every process's streams on `slot`'s thread (this one's too, through its echo). */
    async changed(
      slot: Slot,
      change: { kind: 'new' | 'edited' | 'removed'; id: number } | { kind: 'cleared' | 'changed' },
    ) {
      const thread = threadOfSlot(slot);
      await notify(database, discussionChannel, { ...change, thread } as DiscussionChange).catch(() => {});
    },

    /** Streams open on this process, and since start those opened, the events written and the streams dropped. */
    stats: () => ({ open: clients.size, threads: byThread.size, ...totals }),
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
