import { describe, expect, it } from 'vitest';
import { CHAT_PAGE_SIZE } from '../../../common/constants';
import { authChannel, chatChannel, chatRemovedChannel, notify } from '../../db/channels';
import type { Database } from '../../db/client';
import type { ChatMessageRecord, ChatRepository } from '../../db/repositories/chat.repository';
import { createChatFeed, namedEventFrame, type Frame, type StreamClient } from './chat.feed';

/** A room in memory, counting the reads the feed makes, with NOTIFY delivered to the listeners. */
function fakeRoom() {
  const rows: ChatMessageRecord[] = [];
  const reads = { after: 0, newest: 0 };
  const listeners = new Map<string, Array<(payload: string) => void>>();
  let nextId = 1;
  const record = (content: string, id = nextId++): ChatMessageRecord => ({
    id,
    userId: 'u1',
    content,
    messageType: 'text',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, id)),
    name: 'Ann',
    username: 'ann',
    profilePicture: null,
    attempt: null,
  });
  const repo = {
    async newest(limit: number) {
      reads.newest += 1;
      return rows.slice(-limit);
    },
    async after(id: number, limit: number) {
      reads.after += 1;
      return rows.filter((r) => r.id > id).slice(0, limit);
    },
    async before(id: number, limit: number) {
      return rows.filter((r) => r.id < id).slice(-limit);
    },
    async insert() {
      throw new Error('not used');
    },
  } as unknown as ChatRepository;
  const database = {
    kind: 'pglite',
    async listen(channel: string, fn: (payload: string) => void) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), fn]);
      return async () => {};
    },
    async notify(channel: string, payload: string) {
      queueMicrotask(() => listeners.get(channel)?.forEach((fn) => fn(payload)));
    },
    notifications: { isUp: () => true, onChange: () => () => {} },
  } as unknown as Database;
  return {
    rows,
    reads,
    repo,
    database,
    /** A message stored by this process. */
    stored(content: string, id?: number) {
      const r = record(content, id);
      rows.push(r);
      return r;
    },
    /** A message stored by another process, announced by NOTIFY. */
    async storedElsewhere(content: string, id?: number) {
      const r = record(content, id);
      rows.push(r);
      rows.sort((a, b) => a.id - b.id);
      await notify(database, chatChannel, r.id);
      return r;
    },
  };
}

/** A stream client that keeps the frames it is sent. */
function client(buffered = () => 0) {
  const frames: Frame[] = [];
  let ended = false;
  const c: StreamClient = { send: (f) => void frames.push(f), buffered, end: () => (ended = true) };
  const text = () => frames.map((f) => f.raw.toString()).join('');
  const ids = () => [...text().matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
  return { c, frames, text, ids, ended: () => ended };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe('the chat feed', () => {
  it('sends a message stored here to every stream as the same bytes, without reading it back', async () => {
    const room = fakeRoom();
    const feed = createChatFeed(room.database, room.repo);
    await feed.start();
    const streams = [client(), client(), client()];
    for (const s of streams) await feed.subscribe(s.c, null);
    const readsBefore = room.reads.after;
    const m = room.stored('hello');
    await feed.publish(async () => m);
    await settle(); // its own NOTIFY comes back, and is known
    expect(room.reads.after).toBe(readsBefore);
    for (const s of streams) {
      expect(s.frames).toHaveLength(1);
      expect(s.frames[0]).toBe(streams[0]!.frames[0]); // one Buffer for every stream
    }
    const { raw, chunk } = streams[0]!.frames[0]!;
    expect(raw.toString()).toBe(
      `id: ${m.id}\ndata: ${JSON.stringify({
        id: m.id,
        content: 'hello',
        messageType: 'text',
        createdAt: m.createdAt.toISOString(),
        user: { name: 'Ann', username: 'ann', profilePicture: null },
        attempt: null,
      })}\n\n`,
    );
    // The same event framed as one chunk of a chunked HTTP/1.1 body.
    expect(chunk.toString()).toBe(`${raw.length.toString(16)}\r\n${raw.toString()}\r\n`);
    await feed.stop();
  });

  it('reads a message announced by another process once, and several announced together in one or two reads', async () => {
    const room = fakeRoom();
    const feed = createChatFeed(room.database, room.repo);
    await feed.start();
    const s = client();
    await feed.subscribe(s.c, null);
    const before = room.reads.after;
    const one = await room.storedElsewhere('from elsewhere');
    await settle();
    expect(s.ids()).toEqual([one.id]);
    expect(room.reads.after).toBe(before + 1);
    // Ten stored elsewhere at once, their notifications arriving together.
    const many = await Promise.all(Array.from({ length: 10 }, (_, i) => room.storedElsewhere(`burst ${i}`)));
    await settle();
    expect(s.ids()).toEqual([one.id, ...many.map((m) => m.id)]);
    expect(room.reads.after - before - 1).toBeLessThanOrEqual(2);
    await feed.stop();
  });

  it('sends a message stored here after one stored elsewhere and not yet announced, in id order', async () => {
    const room = fakeRoom();
    const feed = createChatFeed(room.database, room.repo);
    await feed.start();
    const s = client();
    await feed.subscribe(s.c, null);
    const first = room.stored('first');
    await feed.publish(async () => first);
    // Another process committed the next id; its NOTIFY has not arrived when this one stores the next.
    const elsewhere = room.stored('elsewhere');
    const mine = room.stored('mine');
    const reads = room.reads.after;
    await feed.publish(async () => mine);
    await settle();
    expect(s.ids()).toEqual([first.id, elsewhere.id, mine.id]);
    expect(room.reads.after).toBe(reads + 1);
    // Its notification, arriving now, costs no read.
    await notify(room.database, chatChannel, elsewhere.id);
    await settle();
    expect(room.reads.after).toBe(reads + 1);
    expect(s.ids()).toEqual([first.id, elsewhere.id, mine.id]);
    await feed.stop();
  });

  it('sends the next message after an id that was never committed (a failed insert)', async () => {
    const room = fakeRoom();
    const feed = createChatFeed(room.database, room.repo);
    await feed.start();
    const s = client();
    await feed.subscribe(s.c, null);
    const first = room.stored('first');
    await feed.publish(async () => first);
    const next = room.stored('after a gap', first.id + 2);
    await feed.publish(async () => next);
    await settle();
    expect(s.ids()).toEqual([first.id, next.id]);
    await feed.stop();
  });

  it("shows an author's new name in the page without sending anything to the streams", async () => {
    const room = fakeRoom();
    const feed = createChatFeed(room.database, room.repo);
    await feed.start();
    const s = client();
    await feed.subscribe(s.c, null);
    await feed.publish(async () => room.stored('hello'));
    await settle();
    for (const r of room.rows) r.name = 'Ann Renamed';
    await notify(room.database, authChannel, { user: 'u1' });
    await settle();
    const page = JSON.parse((await feed.newest()).body.toString()) as Array<{ user: { name: string } }>;
    expect(page.map((m) => m.user.name)).toEqual(['Ann Renamed']);
    expect(s.frames).toHaveLength(1);
    await feed.stop();
  });

  it('sends the messages of one turn of the event loop in one write, and a stream that joins meanwhile gets each once', async () => {
    const room = fakeRoom();
    const feed = createChatFeed(room.database, room.repo);
    await feed.start();
    const early = client();
    await feed.subscribe(early.c, null);
    const first = room.stored('one');
    const second = room.stored('two');
    await Promise.all([feed.publish(async () => first), feed.publish(async () => second)]);
    // Joins after both were taken, before they went out, resuming from before the first.
    const late = client();
    await feed.subscribe(late.c, first.id - 1);
    await settle();
    expect(early.frames).toHaveLength(1);
    expect(early.ids()).toEqual([first.id, second.id]);
    expect(late.ids()).toEqual([first.id, second.id]);
    const third = room.stored('three');
    await feed.publish(async () => third);
    await settle();
    expect(early.ids()).toEqual([first.id, second.id, third.id]);
    expect(late.ids()).toEqual([first.id, second.id, third.id]);
    expect(late.frames.at(-1)).toBe(early.frames.at(-1));
    // Counted for the metrics: each message once per stream, catch-up included.
    expect(feed.stats()).toEqual({ open: 2, opened: 2, delivered: 6, dropped: 0 });
    await feed.stop();
  });

  it('drops a stream that stopped reading once a megabyte waits for it, and keeps the others', async () => {
    const room = fakeRoom();
    const feed = createChatFeed(room.database, room.repo);
    await feed.start();
    let waiting = 0;
    const slow = client(() => waiting);
    const fast = client();
    await feed.subscribe(slow.c, null);
    await feed.subscribe(fast.c, null);
    await feed.publish(async () => room.stored('one'));
    await settle();
    waiting = 1024 * 1024 + 1;
    await feed.publish(async () => room.stored('two'));
    await settle();
    expect(slow.ended()).toBe(true);
    expect(slow.frames).toHaveLength(1);
    expect(fast.frames).toHaveLength(2);
    expect(feed.streamCount()).toBe(1);
    expect(feed.stats()).toEqual({ open: 1, opened: 2, delivered: 3, dropped: 1 });
    await feed.stop();
  });

  it('resumes after Last-Event-ID without gaps, from memory or from further back', async () => {
    const room = fakeRoom();
    for (let i = 0; i < CHAT_PAGE_SIZE + 50; i++) room.stored(`old ${i}`);
    const feed = createChatFeed(room.database, room.repo);
    await feed.start();
    const near = client();
    await feed.subscribe(near.c, room.rows.at(-3)!.id);
    expect(near.ids()).toEqual(room.rows.slice(-2).map((r) => r.id));
    const far = client();
    const subscribed = feed.subscribe(far.c, 10);
    // A message arriving while the backlog is read comes after it, once.
    const live = room.stored('live');
    await feed.publish(async () => live);
    await subscribed;
    await settle();
    expect(far.ids()).toEqual(room.rows.filter((r) => r.id > 10).map((r) => r.id));
    expect(near.ids().at(-1)).toBe(live.id);
    await feed.stop();
  });

  it('makes each poll answer once per change of the room', async () => {
    const room = fakeRoom();
    room.stored('first');
    const feed = createChatFeed(room.database, room.repo);
    await feed.start();
    const a = await feed.newest();
    expect(await feed.newest()).toBe(a);
    expect(JSON.parse(a.body.toString()).map((m: { content: string }) => m.content)).toEqual(['first']);
    const lastId = room.rows.at(-1)!.id;
    const empty = await feed.after(lastId);
    expect(empty.body.toString()).toBe('[]');
    expect(await feed.after(lastId)).toBe(empty);
    await feed.publish(async () => room.stored('second'));
    const b = await feed.newest();
    expect(b.etag).not.toBe(a.etag);
    const news = await feed.after(lastId);
    expect(news.etag).not.toBe(empty.etag);
    expect(JSON.parse(news.body.toString()).map((m: { content: string }) => m.content)).toEqual(['second']);
    await feed.stop();
  });

  it('sends a named event to every stream after the messages of its turn, without an id, and not to later streams', async () => {
    const room = fakeRoom();
    const feed = createChatFeed(room.database, room.repo);
    await feed.start();
    const streams = [client(), client()];
    for (const s of streams) await feed.subscribe(s.c, null);
    const m = room.stored('welcome');
    await feed.publish(async () => m);
    feed.broadcast(namedEventFrame('members', { count: 12 }));
    await settle();
    for (const s of streams) {
      expect(s.text()).toBe(
        `id: ${m.id}\ndata: ${JSON.stringify((await feed.before(m.id + 1))[0])}\n\nevent: members\ndata: {"count":12}\n\n`,
      );
      expect(s.ids()).toEqual([m.id]);
    }
    expect(feed.stats().delivered).toBe(2); // messages only, not the member count
    // A stream that joins later is not sent it again (the stream's route sends it the count it knows).
    const later = client();
    await feed.subscribe(later.c, m.id - 1);
    expect(later.ids()).toEqual([m.id]);
    expect(later.text()).not.toContain('event: members');
    await feed.stop();
  });

  it('takes deleted messages off the page, fills it from older ones, and tells every stream once (issue 18)', async () => {
    const room = fakeRoom();
    for (let i = 0; i < CHAT_PAGE_SIZE + 5; i++) room.stored(`m${i}`);
    const feed = createChatFeed(room.database, room.repo);
    await feed.start();
    const s = client();
    await feed.subscribe(s.c, null);
    const page = () => JSON.parse(feed.peekNewest()!.body.toString()) as Array<{ id: number }>;
    const [oldest] = page();
    const inPage = oldest!.id + 10;
    const older = oldest!.id - 2;
    for (const id of [inPage, older])
      room.rows.splice(
        room.rows.findIndex((r) => r.id === id),
        1,
      );
    await feed.removed([inPage, older]);
    // The page is full again, one older message in front; the deleted ones are in no answer.
    expect(page()).toHaveLength(CHAT_PAGE_SIZE);
    expect(page()[0]!.id).toBe(oldest!.id - 1);
    expect(page().map((m) => m.id)).not.toContain(inPage);
    expect(
      JSON.parse(feed.peekAfter(oldest!.id)!.body.toString()).map((m: { id: number }) => m.id),
    ).not.toContain(inPage);
    await expect.poll(() => s.text()).toContain(`data: {"id":${older}}`);
    await settle(); // the NOTIFY's echo here adds nothing
    const events = (text: string) =>
      [...text.matchAll(/^event: message-deleted\ndata: (.*)$/gm)].map((m) => m[1]);
    expect(events(s.text())).toEqual([`{"id":${inPage}}`, `{"id":${older}}`]);
    expect(s.ids()).toEqual([]);

    // Deleted by another process: its NOTIFY takes the message off here too.
    const last = room.rows.at(-1)!;
    room.rows.pop();
    await notify(room.database, chatRemovedChannel, [last.id]);
    await expect.poll(() => events(s.text())).toHaveLength(3);
    expect(page().map((m) => m.id)).not.toContain(last.id);
    await feed.stop();
  });
});
