import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatMessage,
  chatMessageIdParams,
  chatMessagesQuery,
  chatMessagesResponse,
  editChatMessageBody,
  postChatMessageBody,
  removalQuery,
} from '../../../common/contracts/chat';
import { okResponse } from '../../../common/contracts/auth';
import { errorResponses } from '../../../common/contracts/errors';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { MEMBERS_EVENT, SESSION_ENDED_EVENT } from '../../../common/contracts/chat-stream';
import { actorOf, requireMember } from '../../plugins/session-cookie';
import { PREPARED_HEADERS, sendPrepared } from '../../lib/prepared-answer';
import { namedEventFrame, type Frame } from './chat.feed';

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
      reply.header('cache-control', PREPARED_HEADERS.cacheControl);
      if (before !== undefined) return ctx.chat.before(actor, before);
      // The poll: its bytes and ETag (the room's state and the question asked of it) are made once
      // per change of the room and sent as they are, without the schema serializer; a large page
      // compressed once per change too (the API's compressor would otherwise do it for every poll).
      const answer = after !== undefined ? await ctx.chat.after(actor, after) : await ctx.chat.list(actor);
      return sendPrepared(request, reply as FastifyReply, answer);
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

  // The member's own messages that coaches removed, shown to them alone as 'Removed by a coach' (decision 53).
  r.get(
    '/api/chat/community/removed',
    { onRequest: requireMember, schema: { response: { 200: chatMessagesResponse, ...errorResponses } } },
    async (request) => ctx.chat.removedOfMine(actorOf(request)),
  );

  // Its author edits a text message; its author or a coach deletes one (decision 53).
  r.patch(
    '/api/chat/community/:id',
    {
      onRequest: requireMember,
      schema: {
        params: chatMessageIdParams,
        body: editChatMessageBody,
        response: { 200: chatMessage, ...errorResponses },
      },
    },
    async (request) => ctx.chat.edit(actorOf(request), request.params.id, request.body.content),
  );

  r.delete(
    '/api/chat/community/:id',
    {
      onRequest: requireMember,
      schema: {
        params: chatMessageIdParams,
        querystring: removalQuery,
        response: { 200: okResponse, ...errorResponses },
      },
    },
    async (request) => {
      await ctx.chat.remove(actorOf(request), request.params.id, request.query.reason);
      return { ok: true as const };
    },
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
    // Its viewer's blocks, read from the database before the stream answers (and kept in memory), so
    // that a block made on another process a moment ago, not yet announced here, holds for its backlog.
    const viewer = actorOf(request).user.id;
    await ctx.blocks.refresh(viewer).catch(() => undefined);
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
    // Its viewer's blocks, read from memory at each write (decision 55): a block or unblock on any
    // process reaches the stream's next message.
    const unsubscribe = await ctx.chatFeed.subscribe(
      {
        send,
        hidden: () => ctx.blocks.peek(viewer),
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
