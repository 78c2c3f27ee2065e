import Fastify, { type FastifyInstance } from 'fastify';
import { JSON_BODY_LIMIT } from '../common/constants';
import type { Config } from './config';
import { createContext, type AppContext } from './context';
import type { Database } from './db/client';
import { zodSerializerCompiler, zodValidatorCompiler } from './lib/zod-compilers';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { membersRoutes } from './modules/members/members.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { mediaRoutes, uploadRoutes } from './modules/media/media.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { lessonsRoutes } from './modules/lessons/lessons.routes';
import { discussionsRoutes } from './modules/discussions/discussions.routes';
import { recordingsRoutes } from './modules/recordings/recordings.routes';
import { openBlobStore } from './plugins/blob-store';
import { registerUploads } from './plugins/uploads';
import { registerClient } from './plugins/client';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { registerSessions } from './plugins/session';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Pino logger options; false for none (tests). */
  logger?: boolean | object;
};

export type App = FastifyInstance & { ctx: AppContext };

/**
 * Builds the Fastify instance: external plugins, then the app's own (security, sessions), then
 * the modules, then the client. It does not listen (server/main.ts does).
 */
export async function buildApp({ config, database, logger = false }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger:
      logger === true
        ? { level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] }
        : logger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  const blobs = await openBlobStore(config);
  const ctx = createContext(config, database, blobs);
  app.addHook('onClose', async () => blobs.close?.());

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  registerErrorHandler(app);

  await registerSecurity(app, { publicUrl: config.publicUrl });
  await registerSessions(app, ctx.sessions, { secure: config.secureCookies });
  await registerUploads(app);

  await healthRoutes(app, ctx);
  await authRoutes(app, ctx);
  await membersRoutes(app, ctx);
  await adminRoutes(app, ctx);
  await mediaRoutes(app, ctx);
  await uploadRoutes(app, ctx);
  await chatRoutes(app, ctx);
  await lessonsRoutes(app, ctx);
  await discussionsRoutes(app, ctx);
  await recordingsRoutes(app, ctx);

  await registerClient(app, config.clientDir);

  await ctx.sessions.start();
  await ctx.chatFeed.start();
  // Uploads never registered are removed a day after their URL expired.
  const sweep = () =>
    void ctx.lessons.sweepAbandoned().catch((err) => app.log.warn({ err }, 'upload sweep failed'));
  sweep();
  const sweepTimer = setInterval(sweep, 60 * 60 * 1000).unref();
  // Streams never finish by themselves: end them before the server waits for requests to drain.
  app.addHook('preClose', async () => ctx.chatFeed.closeStreams());
  app.addHook('onClose', async () => {
    ctx.throttle.stop();
    clearInterval(sweepTimer);
    await ctx.chatFeed.stop();
    await ctx.sessions.stop();
  });

  return Object.assign(app, { ctx }) as App;
}
