import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberCountResponse } from '../../../common/contracts/auth';
import type { AppContext } from '../../context';

/** /api/members: the member count for the home page card (search and profiles come with the Members issue). */
export async function membersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/members/count', { schema: { response: { 200: memberCountResponse } } }, async () => ({
    count: await ctx.users.count(),
  }));
}
