import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../common/contracts/errors';
import { memberUsernameParams } from '../../../common/contracts/members';
import {
  blockedMembersResponse,
  reportBody,
  reportCount,
  reportCreated,
  reportQueue,
  reportTargetParams,
  resolveReportBody,
  resolveReportResponse,
} from '../../../common/contracts/reports';
import type { AppContext } from '../../context';
import { actorOf, requireMember } from '../../plugins/session-cookie';
import { allowedTo } from '../../policies/guard';

const noContent = z.null().describe('No content');

/**
 * Reports (/api/reports, the coaches' /api/admin/reports) and blocks (/api/members/…/block,
 * /api/members/blocked), decision 55.
 */
export async function reportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/reports',
    {
      onRequest: requireMember,
      schema: { body: reportBody, response: { 201: reportCreated, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await ctx.reports.report(actorOf(request), request.body)),
  );

  r.get(
    '/api/admin/reports',
    {
      onRequest: allowedTo('reports.review'),
      schema: { response: { 200: reportQueue, ...errorResponses } },
    },
    async (request) => ctx.reports.queue(actorOf(request)),
  );

  r.get(
    '/api/admin/reports/count',
    {
      onRequest: allowedTo('reports.review'),
      schema: { response: { 200: reportCount, ...errorResponses } },
    },
    async (request) => ctx.reports.count(actorOf(request)),
  );

  r.post(
    '/api/admin/reports/:target/resolve',
    {
      onRequest: allowedTo('reports.review'),
      schema: {
        params: reportTargetParams,
        body: resolveReportBody,
        response: { 200: resolveReportResponse, ...errorResponses },
      },
    },
    async (request) => ctx.reports.resolve(actorOf(request), request.params.target, request.body),
  );

  r.get(
    '/api/members/blocked',
    { onRequest: requireMember, schema: { response: { 200: blockedMembersResponse, ...errorResponses } } },
    async (request) => ctx.reports.blocked(actorOf(request)),
  );

  r.post(
    '/api/members/:username/block',
    {
      onRequest: requireMember,
      schema: { params: memberUsernameParams, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await ctx.reports.block(actorOf(request), request.params.username);
      return reply.code(204).send(null);
    },
  );

  r.delete(
    '/api/members/:username/block',
    {
      onRequest: requireMember,
      schema: { params: memberUsernameParams, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await ctx.reports.unblock(actorOf(request), request.params.username);
      return reply.code(204).send(null);
    },
  );
}
