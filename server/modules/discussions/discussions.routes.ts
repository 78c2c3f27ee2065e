import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponse } from '../../../common/contracts/auth';
import { errorResponses } from '../../../common/contracts/errors';
import {
  discussionMessage,
  discussionMessagesResponse,
  discussionMessageParams,
  discussionParams as params,
  editDiscussionBody,
  postDiscussionBody,
  type DiscussionParams,
} from '../../../common/contracts/lessons';
import { removalQuery } from '../../../common/contracts/chat';
import type { AppContext } from '../../context';
import { actorOf, requireMember } from '../../plugins/session-cookie';

const slotOf = (p: DiscussionParams) => ({
  thinkTank: p.thinkTank,
  topicSlug: p.topic,
  lessonSlug: p.lesson,
});

/** /api/discussions/{thinkTank}/{topic}/{lesson}: saved discussion threads. */
export async function discussionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const url = '/api/discussions/:thinkTank/:topic/:lesson';

  r.get(
    url,
    {
      onRequest: requireMember,
      schema: { params, response: { 200: discussionMessagesResponse, ...errorResponses } },
    },
    async (request) => ctx.discussions.list(actorOf(request), slotOf(request.params)),
  );

  r.post(
    url,
    {
      onRequest: requireMember,
      schema: { params, body: postDiscussionBody, response: { 201: discussionMessage, ...errorResponses } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await ctx.discussions.post(
            actorOf(request),
            slotOf(request.params),
            request.body.text,
            request.body.videoSeconds,
            request.body.replyToId,
          ),
        ),
  );

  // Its author edits a message; its author or a coach deletes one (decision 53).
  r.patch(
    `${url}/messages/:id`,
    {
      onRequest: requireMember,
      schema: {
        params: discussionMessageParams,
        body: editDiscussionBody,
        response: { 200: discussionMessage, ...errorResponses },
      },
    },
    async (request) =>
      ctx.discussions.edit(actorOf(request), slotOf(request.params), request.params.id, request.body.text),
  );

  r.delete(
    `${url}/messages/:id`,
    {
      onRequest: requireMember,
      schema: {
        params: discussionMessageParams,
        querystring: removalQuery,
        response: { 200: okResponse, ...errorResponses },
      },
    },
    async (request) => {
      await ctx.discussions.remove(
        actorOf(request),
        slotOf(request.params),
        request.params.id,
        request.query.reason,
      );
      return { ok: true as const };
    },
  );

  r.delete(
    url,
    { onRequest: requireMember, schema: { params, response: { 200: okResponse, ...errorResponses } } },
    async (request) => {
      await ctx.discussions.clear(actorOf(request), slotOf(request.params));
      return { ok: true as const };
    },
  );
}
