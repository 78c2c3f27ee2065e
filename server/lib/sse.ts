import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ENDED_EVENT } from '../../common/contracts/chat-stream';

/**
 * Server-Sent Events, shared by every stream (the chat's, GET /api/live; decisions 6 and 58): frames made
 * once and written to many sockets, and the opening and ending of one stream.
 */

/**
 * One event's bytes, made once for every reader: bare, and framed as an HTTP/1.1 chunk, so that a stream
 * costs one socket write of shared bytes per event and no work of its own.
 */
export type Frame = { raw: Buffer; chunk: Buffer };

function chunked(raw: Buffer): Frame {
  return {
    raw,
    chunk: Buffer.concat([Buffer.from(`${raw.length.toString(16)}\r\n`), raw, Buffer.from('\r\n')]),
  };
}

/** `text` as an SSE event (or comment), bare and as a chunk of a chunked HTTP/1.1 body. */
export function frameOf(text: string): Frame {
  return chunked(Buffer.from(text));
}

/** A named event that is not a chat message (no id, so a reconnecting stream's Last-Event-ID keeps its place). */
export function namedEventFrame(event: string, data: unknown): Frame {
  return frameOf(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** Several events as one frame: their bytes one after the other, framed as one chunk. */
export function joinFrames(frames: Frame[]): Frame {
  return chunked(Buffer.concat(frames.map((f) => f.raw)));
}

/** The comment every stream is sent between events, so that it and the proxies in between know it lives. */
export const HEARTBEAT_FRAME = frameOf(': keep-alive\n\n');

const SESSION_ENDED_CHUNK = `event: ${SESSION_ENDED_EVENT}\ndata: {}\n\n`;

/** An open stream: writes of shared frames, what waits unsent, its end. */
export type SseStream = {
  send(frame: Frame): void;
  buffered(): number;
  end(): void;
  /** Whether it already closed (the client left while it was being set up). */
  readonly closed: boolean;
  /** Calls `fn` once when it closes, whoever closed it; at once when it already has. */
  onClose(fn: () => void): void;
};

/**
 * Answers `reply` with an event stream and hands its writes back. The request's own guards ran before
 * (a stream opens only for a member); whatever must be read before the stream answers 200 is read before
 * this is called. The reply is hijacked: the head, a `retry:` line and then each frame go straight to the
 * socket (already chunk-framed: one write, no work of this stream's own); the response's own writes go to
 * the same socket in call order, and nothing is written after its end. The socket is never idle-timed
 * out (its heartbeat says it lives, app.ts).
 */
export function openSse(request: FastifyRequest, reply: FastifyReply): SseStream {
  reply.hijack();
  request.raw.socket.setTimeout(0);
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.write('retry: 3000\n\n');
  const socket = res.socket;
  const direct = socket !== null && res.chunkedEncoding;
  const closers: Array<() => void> = [];
  let closed = res.destroyed;
  res.once('close', () => {
    closed = true;
    for (const fn of closers.splice(0)) fn();
  });
  return {
    send: direct
      ? (frame) => void (res.writableEnded || socket.write(frame.chunk))
      : (frame) => void (res.writableEnded || res.write(frame.raw)),
    buffered: direct ? () => socket.writableLength : () => res.writableLength,
    end: () => res.end(),
    get closed() {
      return closed || res.destroyed;
    },
    onClose(fn) {
      if (closed || res.destroyed) fn();
      else closers.push(fn);
    },
  };
}

/** Ends `stream` telling its client the session ended: it stops reconnecting and behaves as signed out. */
export function endWithSession(reply: FastifyReply): void {
  reply.raw.end(SESSION_ENDED_CHUNK);
}

/** A HEAD of a stream: its headers only (a stream that never ends would never send them to a HEAD). */
export function streamHead(reply: FastifyReply) {
  return reply.type('text/event-stream; charset=utf-8').header('cache-control', 'no-store').send();
}
