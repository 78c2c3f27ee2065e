import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../common/contracts/errors';
import { auditQuery, auditResponse } from '../../../common/contracts/moderation';
import type { AppContext } from '../../context';
import { actorOf } from '../../plugins/session-cookie';
import { allowedTo } from '../../policies/guard';

/** /api/admin/audit: the moderation audit, newest first (decision 53). Visitors 401, members 403. */
export async function moderationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/audit',
    {
      onRequest: allowedTo('audit.read'),
      schema: { querystring: auditQuery, response: { 200: auditResponse, ...errorResponses } },
    },
    async (request) => ctx.audit.page(actorOf(request), request.query),
  );
}
