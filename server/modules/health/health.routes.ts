import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { DATABASE_RETRY_AFTER_S } from '../../db/errors';

/**
 * GET /api/health: alive, and the database answers (`{ ok: true }`, else 503).
 * GET /api/health/ready: ready to serve every member correctly: not draining (a SIGTERM came), the
 * database answers, its notifications come in (without them, a logout on another instance or a
 * message posted there would reach this one late), and the file store can be used (the S3 bucket's
 * answer, or the local folder's probe write, is reused for a second: a full disk is "storage": "down",
 * decision 44). A load balancer sends traffic only to ready instances. Both are cheap, and
 * never cached by anyone on the way.
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

  let storageWasOk = true;
  app.get('/api/health/ready', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const draining = ctx.lifecycle.draining;
    const [databaseOk, storageOk] = await Promise.all([databaseUp(request), ctx.blobs.check()]);
    const database = databaseOk ? 'up' : 'down';
    const notifications = ctx.database.notifications.isUp() ? 'up' : 'down';
    const storage = storageOk ? 'up' : 'down';
    if (storageOk !== storageWasOk) {
      storageWasOk = storageOk;
      if (storageOk) request.log.info('file store reachable again');
      else request.log.warn('file store unreachable or full: not ready until it takes a write');
    }
    const ready = !draining && databaseOk && notifications === 'up' && storageOk;
    if (!ready) reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S));
    return { ready, draining, database, notifications, storage };
  });
}
