import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { DATABASE_RETRY_AFTER_S } from '../../db/errors';

/**
 * GET /api/health: alive, and the database answers (`{ ok: true }`, else 503).
 * GET /api/health/ready: ready to serve every member correctly: the database answers and its
 * notifications come in (without them, a logout on another instance or a message posted there
 * would reach this one late). A load balancer sends traffic only to ready instances.
 */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  // Each loss and recovery of the notifications is logged once (the connection retries by itself).
  const unwatch = ctx.database.notifications.onChange((up, err) => {
    if (up) app.log.info('database notifications restored: caches dropped, streams caught up');
    else app.log.warn({ err }, 'database notifications lost: reading from the database until they return');
  });
  app.addHook('onClose', async () => unwatch());

  async function databaseUp(request: { log: FastifyInstance['log'] }) {
    try {
      return await ctx.database.ping();
    } catch (err) {
      request.log.warn({ err }, 'database ping failed');
      return false;
    }
  }

  app.get('/api/health', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await databaseUp(request)) return { ok: true };
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
    return reply.code(503).send({ error: 'Database unavailable' });
  });

  app.get('/api/health/ready', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const database = (await databaseUp(request)) ? 'up' : 'down';
    const notifications = ctx.database.notifications.isUp() ? 'up' : 'down';
    const ready = database === 'up' && notifications === 'up';
    if (!ready) reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S));
    return { ready, database, notifications };
  });
}
