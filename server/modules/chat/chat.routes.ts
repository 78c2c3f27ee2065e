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
import { actorOf, requireMember } from '../../plugins/session-cookie';
import { PREPARED_HEADERS, sendPrepared } from '../../lib/prepared-answer';

/** /api/chat/community: the room's messages (polled, with ETag), posting, editing and deleting. */
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

  // The live stream, GET /api/chat/community/stream, is GET /api/live with the chat on (modules/live, decision 58).
}
