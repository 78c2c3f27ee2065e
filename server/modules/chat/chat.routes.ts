import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatMessage,
  chatMessagesQuery,
  chatMessagesResponse,
  postChatMessageBody,
} from '../../../common/contracts/chat';
import { errorResponses } from '../../../common/contracts/errors';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { MEMBERS_EVENT, SESSION_ENDED_EVENT } from '../../../common/contracts/chat-stream';
import { actorOf, requireMember } from '../../plugins/session-cookie';
import { encodedBody, namedEventFrame, type ContentCoding, type Frame, type PollAnswer } from './chat.feed';

/** Poll answers from this size on are sent compressed (smaller ones gain less than they cost). */
export const COMPRESS_FROM_BYTES = 1024;

/** The poll's own response headers (besides its ETag), as the route sets them. */
export const POLL_HEADERS = {
  cacheControl: 'private, no-cache',
  vary: 'accept-encoding',
  contentType: 'application/json; charset=utf-8',
} as const;

/**
 * Which bytes of a poll answer a request gets: compressed as the client accepts when large enough,
 * and the strong ETag naming those bytes (each coding has its own). The route and its fast path
 * (chat.poll-fast-path.ts) both decide by this.
 */
export function pollVariant(
  answer: PollAnswer,
  acceptEncoding: string | string[] | undefined,
): { coding: ContentCoding | undefined; etag: string } {
  const coding = answer.body.length >= COMPRESS_FROM_BYTES ? preferredCoding(acceptEncoding) : undefined;
  return { coding, etag: coding ? `${answer.etag.slice(0, -1)}-${coding}"` : answer.etag };
}

/** Accept-Encoding values seen, with their coding: a browser sends the same one every poll (bounded). */
const codingOf = new Map<string, ContentCoding | undefined>();

/** The coding to send by Accept-Encoding: brotli, else gzip, else none (`q=0` refuses one). */
export function preferredCoding(accept: string | string[] | undefined): ContentCoding | undefined {
  if (typeof accept !== 'string' || accept === '') return undefined;
  if (codingOf.has(accept)) return codingOf.get(accept);
  const coding = parseAcceptEncoding(accept);
  if (codingOf.size < 64) codingOf.set(accept, coding);
  return coding;
}

function parseAcceptEncoding(accept: string): ContentCoding | undefined {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    (q === undefined || Number(q.slice(2)) > 0 ? accepted : refused).add(name === 'x-gzip' ? 'gzip' : name);
  }
  const ok = (c: ContentCoding) => accepted.has(c) || (accepted.has('*') && !refused.has(c));
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

const SESSION_ENDED_CHUNK = `event: ${SESSION_ENDED_EVENT}\ndata: {}\n\n`;

/** /api/chat/community: the room's messages (polled, with ETag), posting, and the live stream. */
export async function chatRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/chat/community',
    {
      onRequest: requireMember,
      schema: { querystring: chatMessagesQuery, response: { 200: chatMessagesResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { after, before } = request.query;
      if (after !== undefined && before !== undefined) {
        throw new AppError('bad_request', 'after and before cannot be used together');
      }
      reply.header('cache-control', POLL_HEADERS.cacheControl);
      if (before !== undefined) return ctx.chat.before(actor, before);
      // The poll: its bytes and ETag (the room's state and the question asked of it) are made once
      // per change of the room and sent as they are, without the schema serializer.
      const answer = after !== undefined ? await ctx.chat.after(actor, after) : await ctx.chat.list(actor);
      // A large page goes out compressed as the client accepts, compressed once per change too
      // (a compressor of the whole API would otherwise do it again for every poll).
      const { coding, etag } = pollVariant(answer, request.headers['accept-encoding']);
      reply.header('vary', POLL_HEADERS.vary);
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return (reply as FastifyReply).code(304).send();
      reply.type(POLL_HEADERS.contentType);
      if (!coding) return reply.send(answer.body as never);
      return reply.header('content-encoding', coding).send(encodedBody(answer, coding) as never);
    },
  );

  r.post(
    '/api/chat/community',
    {
      onRequest: requireMember,
      schema: { body: postChatMessageBody, response: { 201: chatMessage, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await ctx.chat.post(actorOf(request), request.body)),
  );

  const stream = { onRequest: requireMember, config: { longLived: true } };
  app.get('/api/chat/community/stream', stream, async (request, reply) => {
    const header = request.headers['last-event-id'];
    const raw = Array.isArray(header) ? header[0] : header;
    const lastEventId = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
    if (request.method === 'HEAD') {
      // The stream's headers only: a stream that never ends would never send them to a HEAD.
      return reply.type('text/event-stream; charset=utf-8').header('cache-control', 'no-store').send();
    }
    reply.hijack();
    request.raw.socket.setTimeout(0); // never idle-timed out: its heartbeat says it lives (app.ts)
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write('retry: 3000\n\n');
    // Each message's bytes are made once for every stream (chat.feed.ts) and written straight to
    // the socket, already framed as a chunk of the chunked body: one write, no work of this
    // stream's own. The response's own writes (its head, the retry line, its end) go to the same
    // socket, in call order; nothing is written after the end.
    const socket = res.socket;
    const direct = socket !== null && res.chunkedEncoding;
    const send: (frame: Frame) => void = direct
      ? (frame) => void (res.writableEnded || socket.write(frame.chunk))
      : (frame) => void (res.writableEnded || res.write(frame.raw));
    // The member count is known before the stream joins, and sent in the same tick as it joins:
    // every later change reaches it as a broadcast, after this one.
    await ctx.memberCount.current().catch(() => undefined);
    const unsubscribe = await ctx.chatFeed.subscribe(
      {
        send,
        buffered: direct ? () => socket.writableLength : () => res.writableLength,
        end: () => res.end(),
      },
      lastEventId,
    );
    const members = ctx.memberCount.peek();
    if (members !== undefined && !res.destroyed) send(namedEventFrame(MEMBERS_EVENT, { count: members }));
    // The stream ends with its session (logout, password reset, expiry, on any server): the
    // client is told so and behaves as signed out instead of reconnecting.
    const unwatch = ctx.sessions.watch(actorOf(request), () => {
      stop();
      res.end(SESSION_ENDED_CHUNK);
    });
    const stop = () => {
      unsubscribe();
      unwatch();
    };
    res.once('close', stop);
    if (res.destroyed) stop(); // gone while the backlog was read
  });
}
