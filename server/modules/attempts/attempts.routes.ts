import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { postAttemptResponse } from '../../../common/contracts/attempt-posts';
import {
  attemptIdParams,
  attemptSeenResponse,
  attemptsQuery,
  attemptsResponse,
  attemptsReviewQuery,
  attemptsReviewResponse,
  myAttemptsQuery,
  myAttemptsResponse,
  postAttemptBody,
} from '../../../common/contracts/attempts';
import { okResponse } from '../../../common/contracts/auth';
import { errorResponses } from '../../../common/contracts/errors';
import type { AppContext } from '../../context';
import { actorOf, requireMember } from '../../plugins/session-cookie';
import { allowedTo } from '../../policies/guard';
import { removalQuery } from '../../../common/contracts/chat';

/** /api/attempts (issues 18 and 30): post an attempt back, delete one, the lesson's review and the coaches' inbox. */
export async function attemptsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/attempts',
    {
      onRequest: requireMember,
      schema: { body: postAttemptBody, response: { 201: postAttemptResponse, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await ctx.attempts.post(actorOf(request), request.body)),
  );

  r.delete(
    '/api/attempts/:id',
    {
      onRequest: requireMember,
      schema: {
        params: attemptIdParams,
        querystring: removalQuery,
        response: { 200: okResponse, ...errorResponses },
      },
    },
    async (request) => {
      // A coach's ?reason= is shown to the author and kept in the audit (decision 53).
      await ctx.attempts.remove(actorOf(request), request.params.id, request.query.reason);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/attempts',
    {
      onRequest: allowedTo('attempts.review'),
      schema: { querystring: attemptsQuery, response: { 200: attemptsResponse, ...errorResponses } },
    },
    async (request) => ctx.attempts.review(actorOf(request), request.query),
  );

  r.get(
    '/api/attempts/review',
    {
      onRequest: allowedTo('attempts.review'),
      schema: {
        querystring: attemptsReviewQuery,
        response: { 200: attemptsReviewResponse, ...errorResponses },
      },
    },
    async (request) => ctx.attempts.inbox(actorOf(request), request.query),
  );

  r.get(
    '/api/attempts/mine',
    {
      onRequest: requireMember,
      schema: { querystring: myAttemptsQuery, response: { 200: myAttemptsResponse, ...errorResponses } },
    },
    async (request) => ctx.attempts.mine(actorOf(request), request.query),
  );

  r.post(
    '/api/attempts/:id/seen',
    {
      onRequest: requireMember,
      schema: { params: attemptIdParams, response: { 200: attemptSeenResponse, ...errorResponses } },
    },
    async (request) => ctx.attempts.seen(actorOf(request), request.params.id),
  );
}
