import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberCountResponse } from '../../../common/contracts/auth';
import { errorResponses } from '../../../common/contracts/errors';
import {
  memberProfile,
  memberSearchQuery,
  memberSearchResponse,
  memberUsernameParams,
} from '../../../common/contracts/members';
import type { AppContext } from '../../context';
import { actorOf, requireMember } from '../../plugins/session-cookie';

/** /api/members: the count (public), search and profiles (members). */
export async function membersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/members/count', { schema: { response: { 200: memberCountResponse } } }, async () => ({
    count: await ctx.members.count(),
  }));

  r.get(
    '/api/members',
    {
      onRequest: requireMember,
      schema: { querystring: memberSearchQuery, response: { 200: memberSearchResponse, ...errorResponses } },
    },
    async (request) => ctx.members.search(actorOf(request), request.query.search),
  );

  r.get(
    '/api/members/username/:username',
    {
      onRequest: requireMember,
      schema: {
        params: memberUsernameParams,
        response: { 200: memberProfile, ...errorResponses },
      },
    },
    async (request) => ctx.members.profileWithStreak(actorOf(request), request.params.username),
  );
}
