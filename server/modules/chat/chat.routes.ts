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
import { SESSION_ENDED_EVENT } from '../../../common/contracts/chat-stream';
import { actorOf, requireMember } from '../../plugins/session';

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
      reply.header('cache-control', 'private, no-cache');
      if (before !== undefined) return ctx.chat.before(actor, before);
      const { version, ...page } =
        after !== undefined ? await ctx.chat.after(actor, after) : await ctx.chat.list(actor);
      // The ETag names the room's state and the question asked of it.
      const etag = `"${version}${after !== undefined ? `a${after}` : ''}"`;
      reply.header('etag', etag);
      // An unchanged poll: no body, no serializing.
      if (request.headers['if-none-match'] === etag) return (reply as FastifyReply).code(304).send();
      if ('json' in page) {
        // The newest page is kept serialized: sent as it is, without the schema serializer.
        return reply.type('application/json; charset=utf-8').send(page.json as never);
      }
      return page.messages;
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

  app.get('/api/chat/community/stream', { onRequest: requireMember }, async (request, reply) => {
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
    const unsubscribe = await ctx.chatFeed.subscribe(
      {
        write: (chunk) => res.write(chunk),
        buffered: () => res.writableLength,
        end: () => res.end(),
      },
      lastEventId,
    );
    // The stream ends with its session (logout, password reset, expiry, on any server): the
    // client is told so and behaves as signed out instead of reconnecting.
    const unwatch = ctx.sessions.watch(actorOf(request), () => {
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
