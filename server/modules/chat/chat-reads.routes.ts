import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatReadPosition, putChatReadBody } from '../../../common/contracts/chat-reads';
import { errorResponses } from '../../../common/contracts/errors';
import type { AppContext } from '../../context';
import { actorOf, requireMember } from '../../plugins/session-cookie';

/** /api/chat/community/read: where the member stopped reading the chat, and what is unread (decision 59). */
export async function chatReadsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/chat/community/read',
    { onRequest: requireMember, schema: { response: { 200: chatReadPosition, ...errorResponses } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ctx.chatReads.get(actorOf(request));
    },
  );

  r.put(
    '/api/chat/community/read',
    {
      onRequest: requireMember,
      schema: { body: putChatReadBody, response: { 200: chatReadPosition, ...errorResponses } },
    },
    async (request) => ctx.chatReads.advance(actorOf(request), request.body.lastReadId),
  );
}
