import http from 'node:http';
import {
  MEMBERS_EVENT,
  MESSAGE_DELETED_EVENT,
  MESSAGE_EDITED_EVENT,
} from '../../common/contracts/chat-stream';

export type StreamEvent = { id: number; data: { id: number; content: string } };

/**
 * Opens GET /api/chat/community/stream as a browser's EventSource would and collects what it
 * delivers: `events` (messages, with their ids), `members` (the member counts of its `members`
 * events), `named` (the names of other events, such as the session-ended one), `deleted` (the ids
 * of its `message-deleted` events), `edited` (its `message-edited` events' messages), the status, and
 * whether the server ended the response.
 */
export function openStream(url: string, cookie: string, lastEventId?: number) {
  const events: StreamEvent[] = [];
  const named: string[] = [];
  const members: number[] = [];
  const deleted: number[] = [];
  /** The messages of its `message-edited` events (decision 53), as sent. */
  const edited: Array<{ id: number; content: string; editedAt?: string }> = [];
  let raw = '';
  let status = 0;
  let ended = false;
  const req = http.get(
    `${url}/api/chat/community/stream`,
    {
      headers: {
        cookie,
        accept: 'text/event-stream',
        ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}),
      },
    },
    (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        let cut: number;
        while ((cut = raw.indexOf('\n\n')) >= 0) {
          const block = raw.slice(0, cut);
          raw = raw.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === MEMBERS_EVENT) members.push((JSON.parse(data!) as { count: number }).count);
          else if (event === MESSAGE_DELETED_EVENT) deleted.push((JSON.parse(data!) as { id: number }).id);
          else if (event === MESSAGE_EDITED_EVENT) edited.push(JSON.parse(data!) as (typeof edited)[number]);
          else if (event) named.push(event);
          else if (id && data) events.push({ id: Number(id), data: JSON.parse(data) });
        }
      });
      res.on('end', () => (ended = true));
      res.on('close', () => (ended = true));
    },
  );
  req.on('error', () => (ended = true));
  return {
    events,
    named,
    members,
    deleted,
    edited,
    status: () => status,
    ended: () => ended,
    close: () => req.destroy(),
  };
}

/**
 * A stream that reconnects as a browser's EventSource does: after a dropped or refused connection
 * it opens again (every 300 ms) with the last id it received as Last-Event-ID. `ids` lists every
 * delivery in order, duplicates included, so a test can tell "exactly once".
 */
export function openReconnectingStream(url: string, cookie: string) {
  const ids: number[] = [];
  let current: ReturnType<typeof openStream> | undefined;
  let seen = 0;
  let closed = false;
  let connects = 0;
  const connect = () => {
    if (closed) return;
    connects += 1;
    const s = openStream(url, cookie, ids.at(-1));
    current = s;
    seen = 0;
    const watch = setInterval(() => {
      for (; seen < s.events.length; seen++) ids.push(s.events[seen]!.id);
      if (s.ended()) {
        clearInterval(watch);
        setTimeout(connect, 300);
      }
    }, 20);
  };
  connect();
  return {
    ids,
    connects: () => connects,
    open: () => current?.status() === 200 && !current.ended(),
    close() {
      closed = true;
      current?.close();
    },
  };
}
