import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  HTTP_HEADERS_TIMEOUT_MS,
  HTTP_IDLE_TIMEOUT_MS,
  HTTP_KEEP_ALIVE_TIMEOUT_MS,
  HTTP_PROXY_KEEP_ALIVE_TIMEOUT_MS,
  HTTP_REQUEST_TIMEOUT_MS,
  JSON_BODY_LIMIT,
} from '../common/constants';
import type { Config, ServerTimeouts } from './config';
import { CLIENT_CLOSED_MESSAGE, handleClientError } from './lib/client-errors';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { createContext, type AppContext } from './context';
import type { Database } from './db/client';
import { zodSerializerCompiler, zodValidatorCompiler } from './lib/zod-compilers';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { membersRoutes } from './modules/members/members.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { communityRoutes } from './modules/community/community.routes';
import { mediaRoutes, uploadRoutes } from './modules/media/media.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { liveRoutes } from './modules/live/live.routes';
import { chatReadsRoutes } from './modules/chat/chat-reads.routes';
import { installPollFastPath, type PollFastPath } from './modules/chat/chat.poll-fast-path';
import { lessonsRoutes } from './modules/lessons/lessons.routes';
import { discussionsRoutes } from './modules/discussions/discussions.routes';
import { progressRoutes } from './modules/progress/progress.routes';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes';
import { recordingsRoutes } from './modules/recordings/recordings.routes';
import { attemptsRoutes } from './modules/attempts/attempts.routes';
import { assignmentsRoutes } from './modules/assignments/assignments.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { notificationMailRoutes } from './modules/notification-mail/notification-mail.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { pushRoutes } from './modules/push/push.routes';
import { shareRoutes } from './modules/share/share.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { openBlobStore } from './storage/blob-store';
import { registerUploads } from './plugins/uploads';
import { registerClient } from './plugins/client';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { registerSessions, sessionCookieName } from './plugins/session-cookie';
import { registerMetrics } from './plugins/metrics';
import { registerApiDocs } from './plugins/api-docs';
import type { Registry } from 'prom-client';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Pino logger options; false for none (tests). */
  logger?: boolean | object;
};

export type App = FastifyInstance & {
  ctx: AppContext;
  /** The Prometheus registry when metrics are on (METRICS_PORT or METRICS_TOKEN), for main.ts's metrics port. */
  metrics: Registry | undefined;
  /** The chat poll's fast path (decision 32). */
  pollFastPath: PollFastPath;
};

/** How often counted attempts past their window are pruned (the chat's window is 10 s). */
const LIMITS_PRUNE_MS = 60_000;

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'Bad request URL',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long',
};

/**
 * The server's time limits (docs/decisions.md decision 12): the defaults of common/constants.ts, a longer
 * keep-alive behind a proxy, and whatever the config overrides (tests).
 */
export function serverTimeouts(config: Config): ServerTimeouts {
  return {
    headersMs: HTTP_HEADERS_TIMEOUT_MS,
    requestMs: HTTP_REQUEST_TIMEOUT_MS,
    idleMs: HTTP_IDLE_TIMEOUT_MS,
    // Behind a proxy (TRUST_PROXY set in any form), the proxy's pooled connections are kept longer.
    keepAliveMs: config.trustProxy !== false ? HTTP_PROXY_KEEP_ALIVE_TIMEOUT_MS : HTTP_KEEP_ALIVE_TIMEOUT_MS,
    ...config.timeouts,
  };
}

/**
 * Builds the Fastify instance: external plugins, then the app's own (security, sessions), then
 * the modules, then the client. It does not listen (server/main.ts does).
 */
export async function buildApp({ config, database, logger = false }: BuildAppOptions): Promise<App> {
  const timeouts = serverTimeouts(config);
  const app = Fastify({
    logger:
      logger === true
        ? { level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] }
        : logger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // The router's own refusals (a path that is not valid percent-encoding, a parameter over
    // maxParamLength) in the one error shape, `{ "error": "…" }`.
    frameworkErrors: (err, _request, reply) => {
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
      void (reply as FastifyReply)
        .code(status)
        .send({ error: FRAMEWORK_MESSAGES[err.code] ?? 'Bad request' });
    },
    // Slow and idle clients (docs/decisions.md decision 12). Node checks the header (and request) deadlines
    // every connectionsCheckingInterval: often enough that a cut comes near its deadline.
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5000, timeouts.headersMs / 4)),
    },
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // A connection cut by a deadline or the client: logged at info, answered in the API's shape.
    clientErrorHandler: handleClientError,
  });
  if (config.trustProxy === true) {
    // The leftmost X-Forwarded-For entry is then the address, and a client writes it unless the
    // proxy replaces the header: per-address limits could be escaped (decision 29).
    app.log.warn(
      'TRUST_PROXY=true trusts every hop of X-Forwarded-For, which clients can forge; set it to the ' +
        'number of proxies in front of the server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8)',
    );
  }
  // A client that hangs up mid-request is not a server failure.
  app.addHook('onRequestAbort', (request, done) => {
    request.log.info(CLIENT_CLOSED_MESSAGE);
    done();
  });
  const blobs = await openBlobStore(config);
  const ctx = createContext(config, database, blobs, app.log);
  app.addHook('onClose', async () => blobs.close?.());

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  registerErrorHandler(app);
  // The OpenAPI document from the routes' zod schemas (decision 35): before the routes it records.
  if (config.apiDocs) await registerApiDocs(app);
  // Before every route, so that each is counted.
  const metrics = registerMetrics(app, ctx);

  await registerSecurity(app, { publicUrl: config.publicUrl });
  await registerCompression(app);
  await registerSessions(app, ctx.sessions, { secure: config.secureCookies });
  await registerUploads(app);

  await healthRoutes(app, ctx);
  await authRoutes(app, ctx);
  await membersRoutes(app, ctx);
  await adminRoutes(app, ctx);
  await communityRoutes(app, ctx);
  await mediaRoutes(app, ctx);
  await uploadRoutes(app, ctx);
  await chatRoutes(app, ctx);
  await liveRoutes(app, ctx);
  await chatReadsRoutes(app, ctx);
  await lessonsRoutes(app, ctx);
  await discussionsRoutes(app, ctx);
  await progressRoutes(app, ctx);
  await leaderboardRoutes(app, ctx);
  await recordingsRoutes(app, ctx);
  await attemptsRoutes(app, ctx);
  await assignmentsRoutes(app, ctx);
  await moderationRoutes(app, ctx);
  await reportsRoutes(app, ctx);
  await notificationMailRoutes(app, ctx);
  await notificationsRoutes(app, ctx);
  await pushRoutes(app, ctx);
  await shareRoutes(app, ctx);
  await eventsRoutes(app, ctx);

  await registerClient(app, config.clientDir, {
    sessionCookie: sessionCookieName(config.secureCookies),
    memberPagesDir: config.memberPagesDir,
    sessions: ctx.sessions,
    memberPicture: ctx.members.pictureOf,
  });

  await ctx.sessions.start();
  await ctx.chatFeed.start();
  await ctx.live.start();
  ctx.presence.start();
  await ctx.memberCount.start();
  await ctx.progressCache.start();
  await ctx.leaderboard.start();
  await ctx.blocks.start();
  await ctx.notifications.start();
  // Coaches' replies by admins named only in ADMIN_EMAILS, which the migration could not see (decision 52).
  await ctx.attempts
    .backfillReplied()
    .catch((err: unknown) => app.log.warn({ err }, 'attempt replies backfill failed'));
  ctx.mail.start(app.log);
  ctx.notificationMail.start();
  // Drills' reminders 24 h before their due time, a round every minute in every process (decision 81).
  await ctx.assignments.start();
  ctx.eventReminders.start();
  // Uploads never registered are removed a day after their URL expired; spent mailed links a week after.
  const sweep = () => {
    void ctx.lessons.sweepAbandoned().catch((err) => app.log.warn({ err }, 'upload sweep failed'));
    void ctx.accountLinks.prune().catch((err) => app.log.warn({ err }, 'link sweep failed'));
  };
  sweep();
  ctx.mediaDurations.start();
  const sweepTimer = setInterval(sweep, 60 * 60 * 1000).unref();
  // Counted attempts whose window has passed (in rate_events on PostgreSQL) are forgotten.
  const pruneLimits = () =>
    void ctx.limits.prune(Date.now()).catch((err) => app.log.warn({ err }, 'limit sweep failed'));
  const limitsTimer = setInterval(pruneLimits, LIMITS_PRUNE_MS).unref();
  // Before the preClose hook below: it stops answering as soon as Fastify starts closing.
  const pollFastPath = installPollFastPath(app, ctx, metrics);
  // Streams never finish by themselves: end them before the server waits for requests to drain.
  app.addHook('preClose', async () => {
    ctx.chatFeed.closeStreams();
    ctx.live.closeStreams();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweepTimer);
    clearInterval(limitsTimer);
    await ctx.mediaDurations.stop();
    await ctx.passwordReset.drain();
    await ctx.assignments.stop();
    await ctx.eventReminders.stop();
    await ctx.push.stop();
    await ctx.notificationMail.stop();
    await ctx.mail.stop();
    await ctx.memberCount.stop();
    await ctx.progressCache.stop();
    await ctx.leaderboard.stop();
    await ctx.blocks.stop();
    await ctx.notifications.stop();
    await ctx.chatFeed.stop();
    await ctx.live.stop();
    // The drain: this process's members are no longer here (decision 58).
    await ctx.presence.stop().catch(() => {});
    await ctx.sessions.stop();
  });

  return Object.assign(app, { ctx, metrics, pollFastPath }) as App;
}
