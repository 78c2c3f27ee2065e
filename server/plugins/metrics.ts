import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context';
import type { PoolStats } from '../db/client';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A response that lasts as long as its client stays (the chat stream): no latency observed. */
    longLived?: boolean;
  }
}

/** The main port's metrics path, answered only for `Authorization: Bearer METRICS_TOKEN`. */
export const METRICS_ROUTE = '/api/metrics';
/** The metrics port's one path. */
export const METRICS_PORT_PATH = '/metrics';
/** The route label of a request that matched no route (a client page, a 404): never its URL. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** The status label of a request whose client hung up before the answer ended (nginx's 499). */
export const CLIENT_CLOSED_REQUEST = 499;

/** Seconds; from a cached page (ms) to a slow upload (tens of seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * Prometheus metrics (decision 30), built only when METRICS_PORT or METRICS_TOKEN is set; returns
 * the registry (undefined when off). Every request is counted and timed by its route pattern
 * (`/api/media/:id`, never the URL: the label values are as many as the routes) and status. The
 * chat's figures are counted by the feed as plain numbers and only read at a scrape, so the fan-out
 * pays nothing for them.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): Registry | undefined {
  const { port, token } = ctx.config.metrics;
  if (port === undefined && token === undefined) return undefined;
  const registry = new Registry();
  // process_* and nodejs_*: CPU, memory, heap, handles, GC, and the event loop's lag.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by method, route pattern and status (not the chat stream)',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const labelsOf = (request: FastifyRequest, status: number) => ({
    method: request.method,
    route: request.routeOptions.url ?? UNMATCHED_ROUTE,
    status_code: status,
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = labelsOf(request, reply.statusCode);
    requests.inc(labels);
    if (!request.routeOptions.config?.longLived) latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  // A client that leaves before its answer ended (a chat stream it closes, most of the time) is
  // counted as nginx logs it, 499, and not timed.
  app.addHook('onRequestAbort', (request, done) => {
    requests.inc(labelsOf(request, CLIENT_CLOSED_REQUEST));
    done();
  });

  const chat = () => ctx.chatFeed.stats();
  new Gauge({
    name: 'tribe36_chat_streams_open',
    help: 'Chat streams open on this instance',
    registers,
    collect() {
      this.set(chat().open);
    },
  });
  const total = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  total(
    'tribe36_chat_streams_opened_total',
    'Chat streams opened (reconnections included)',
    () => chat().opened,
  );
  total(
    'tribe36_chat_deliveries_total',
    'Chat messages written to streams, live and catch-up (one per message per stream)',
    () => chat().delivered,
  );
  total(
    'tribe36_chat_streams_dropped_total',
    'Chat streams ended because their client stopped reading (1 MiB waiting)',
    () => chat().dropped,
  );

  new Gauge({
    name: 'tribe36_database_notifications_up',
    help: "1 while the database's notifications (LISTEN) come in, else 0",
    registers,
    collect() {
      this.set(ctx.database.notifications.isUp() ? 1 : 0);
    },
  });
  const poolStats = ctx.database.poolStats;
  if (poolStats) {
    const pool = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(poolStats()));
        },
      });
    pool(
      'tribe36_db_pool_connections',
      'PostgreSQL connections open in the pool (busy and idle)',
      (s) => s.total,
    );
    pool('tribe36_db_pool_idle_connections', 'PostgreSQL connections idle in the pool', (s) => s.idle);
    pool('tribe36_db_pool_waiting_queries', 'Queries waiting for a pool connection', (s) => s.waiting);
  }

  if (token !== undefined) {
    const expected = digest(token);
    app.get(METRICS_ROUTE, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const given = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (given === undefined || !timingSafeEqual(digest(given), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return reply.code(401).send({ error: 'The metrics need the bearer token (METRICS_TOKEN)' });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  }
  return registry;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The metrics port (METRICS_PORT): GET /metrics and nothing else, no token. Bound to METRICS_HOST
 * (127.0.0.1 unless set), for a scraper on the machine or a private network only.
 */
export async function serveMetrics(registry: Registry, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PORT_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${String(err)}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
