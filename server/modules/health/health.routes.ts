import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';

/** GET /api/health: `{ ok: true }` when the database answers. */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/health', async (request, reply) => {
    try {
      await ctx.database.ping();
    } catch (err) {
      request.log.error({ err }, 'database ping failed');
      throw new AppError('unavailable', 'Database unavailable');
    }
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });
}
