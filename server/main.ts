import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';

const SHUTDOWN_GRACE_MS = 10_000;

/** Listens and shuts down gracefully; everything else is built by server/app.ts. */
async function main() {
  const config = loadConfig();
  const releaseLock = await lockDataDir(config.dataDir);
  let database: Database;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'db'),
      migrationsDir: config.migrationsDir,
      pgliteSharedBuffers: config.pgliteSharedBuffers,
      pgliteOptimizingCompiler: config.pgliteOptimizingCompiler,
    });
  } catch (err) {
    releaseLock();
    throw err;
  }
  let app;
  try {
    app = await buildApp({ config, database, logger: true });
  } catch (err) {
    await database.close().catch(() => {});
    releaseLock();
    throw err;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Requests in flight may finish, for at most SHUTDOWN_GRACE_MS.
    const force = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    // A keep-alive connection whose request finishes after close() began would otherwise stay
    // open until its keep-alive timeout: close each as soon as it goes idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    try {
      await app.close();
    } finally {
      clearTimeout(force);
      clearInterval(sweep);
      await database.close().catch((err) => app.log.error({ err }, 'database close failed'));
      releaseLock();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error({ err }, 'could not listen');
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    releaseLock();
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Tribe36 could not start:', err);
  }
  process.exit(1);
});
