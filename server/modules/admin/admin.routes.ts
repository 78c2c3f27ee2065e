import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMembersResponse, memberIdParams, resetPasswordResponse } from '../../../common/contracts/admin';
import { errorResponses } from '../../../common/contracts/errors';
import type { AppContext } from '../../context';
import { actorOf, requireAdmin } from '../../plugins/session-cookie';

/** /api/admin: the member credentials viewer's list and password reset. Visitors 401, members 403. */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/members',
    { onRequest: requireAdmin, schema: { response: { 200: adminMembersResponse, ...errorResponses } } },
    async (request) => ctx.admin.listMembers(actorOf(request)),
  );

  r.post(
    '/api/admin/members/:id/reset-password',
    {
      onRequest: requireAdmin,
      schema: {
        params: memberIdParams,
        response: { 200: resetPasswordResponse, ...errorResponses },
      },
    },
    async (request) => ({
      temporaryPassword: await ctx.admin.resetPassword(actorOf(request), request.params.id),
    }),
  );
}
