import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentIdParams,
  assignmentsQuery,
  assignmentsResponse,
  assignmentView,
  createAssignmentBody,
} from '../../../common/contracts/assignments';
import { errorResponses } from '../../../common/contracts/errors';
import type { AppContext } from '../../context';
import { actorOf, requireMember } from '../../plugins/session-cookie';
import { allowedTo } from '../../policies/guard';

const noContent = z.null().describe('No content');

/** /api/assignments (issue 34 §1, decision 81): drills a coach assigns, a member's own, a coach's list. */
export async function assignmentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/assignments',
    {
      onRequest: allowedTo('assignments.create'),
      schema: { body: createAssignmentBody, response: { 201: assignmentView, ...errorResponses } },
    },
    async (request, reply) =>
      reply.code(201).send(await ctx.assignments.create(actorOf(request), request.body)),
  );

  r.get(
    '/api/assignments',
    {
      onRequest: requireMember,
      schema: { querystring: assignmentsQuery, response: { 200: assignmentsResponse, ...errorResponses } },
    },
    async (request) => ctx.assignments.list(actorOf(request), request.query),
  );

  r.delete(
    '/api/assignments/:id',
    {
      onRequest: allowedTo('assignments.delete'),
      schema: { params: assignmentIdParams, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await ctx.assignments.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
