import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../common/contracts/errors';
import {
  lessonProgressResponse,
  progressParams as params,
  progressResponse,
  progressVisitBody,
} from '../../../common/contracts/progress';
import type { AppContext } from '../../context';
import { sendPrepared } from '../../lib/prepared-answer';
import { actorOf, requireMember } from '../../plugins/session-cookie';

/** /api/progress: the signed-in member's own lesson progress (issue 18). */
export async function progressRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lesson = '/api/progress/:thinkTank/:topic/:lesson';
  const entry = { 200: lessonProgressResponse, ...errorResponses };

  r.get(
    '/api/progress',
    { onRequest: requireMember, schema: { response: { 200: progressResponse, ...errorResponses } } },
    // Sent as made once per change, with an ETag: a page that reads it again gets 304 (decision 40).
    async (request, reply) => sendPrepared(request, reply, await ctx.progress.get(actorOf(request))),
  );

  r.put(lesson, { onRequest: requireMember, schema: { params, response: entry } }, async (request) =>
    ctx.progress.markDone(actorOf(request), request.params),
  );

  r.delete(lesson, { onRequest: requireMember, schema: { params, response: entry } }, async (request) =>
    ctx.progress.markNotDone(actorOf(request), request.params),
  );

  r.put(
    `${lesson}/visit`,
    { onRequest: requireMember, schema: { params, body: progressVisitBody, response: entry } },
    async (request) => ctx.progress.visit(actorOf(request), request.params, request.body.positionSeconds),
  );
}
