import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { NewerDatabaseError, type AppliedMigration } from './db/migrate';
import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import type { Server } from 'node:http';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { startBackupControl } from './backup/control';
import { serveMetrics } from './plugins/metrics';
import { linkOriginNotes } from './lib/link-origin';

/** After SHUTDOWN_TIMEOUT_MS, what is left of a stop (closing the database…) has this long before exit 1. */
const SHUTDOWN_LAST_RESORT_MS = 5000;

/** Listens and shuts down gracefully; everything else is built by server/app.ts. */
async function main() {
  const config = loadConfig();
  const releaseLock = await lockDataDir(config.dataDir);
  let database: Database;
  // Logged once the logger exists: one line per migration applied, none when there were none.
  const migrations: AppliedMigration[] = [];
  // A first start spends seconds creating the embedded database (initdb) before the app's logger
  // exists: say so, in the same format, so that the wait is not silent.
  const dbDir = path.join(config.dataDir, 'db');
  const creating = !config.databaseUrl && !fs.existsSync(path.join(dbDir, 'PG_VERSION'));
  const startLog = pino({ level: config.logLevel });
  const openedAt = performance.now();
  if (creating)
    startLog.info({ dbDir }, `creating the embedded database in ${dbDir} (a first start: a few seconds)…`);
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: dbDir,
      migrationsDir: config.migrationsDir,
      onMigration: (migration) => migrations.push(migration),
      pgliteSharedBuffers: config.pgliteSharedBuffers,
      pgliteOptimizingCompiler: config.pgliteOptimizingCompiler,
    });
  } catch (err) {
    releaseLock();
    throw err;
  }
  if (creating) {
    const ms = Math.round(performance.now() - openedAt);
    startLog.info({ ms }, `embedded database created in ${(ms / 1000).toFixed(1)} s`);
  }
  let app;
  try {
    app = await buildApp({ config, database, logger: true });
  } catch (err) {
    await database.close().catch(() => {});
    releaseLock();
    throw err;
  }
  for (const { name, ms } of migrations) app.log.info({ migration: name, ms }, `migration ${name} applied`);

  // `npm run backup` asks this server for a snapshot of the embedded database (server/backup/).
  let stopBackupControl = () => {};
  if (database.runExclusive) {
    try {
      stopBackupControl = await startBackupControl({ dataDir: config.dataDir, database, log: app.log });
    } catch (err) {
      app.log.warn({ err }, 'backup: no control socket: back up with the server stopped');
    }
  }

  let metricsServer: Server | undefined;
  let stopping = false;
  /**
   * The drain (decision 30): readiness fails at once, no new connection is accepted, chat streams
   * end (their clients reconnect, through the proxy, to another instance, with Last-Event-ID),
   * requests in flight finish, for at most SHUTDOWN_TIMEOUT_MS; then the database closes and the
   * process exits 0.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.ctx.lifecycle.draining = true;
    const timeoutMs = config.shutdownTimeoutMs;
    app.log.info({ signal, timeoutMs }, 'shutting down: draining');
    const force = setTimeout(() => {
      app.log.warn({ timeoutMs }, 'requests still running at the shutdown timeout: cut');
      app.server.closeAllConnections();
    }, timeoutMs);
    force.unref();
    // Something that cannot finish (a database that does not answer) does not keep the process.
    setTimeout(() => {
      app.log.error('shutdown did not complete: exiting anyway');
      process.exit(1);
    }, timeoutMs + SHUTDOWN_LAST_RESORT_MS).unref();
    // A keep-alive connection whose request finishes after close() began would otherwise stay
    // open until its keep-alive timeout: close each as soon as it goes idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    try {
      await app.close();
    } finally {
      clearTimeout(force);
      clearInterval(sweep);
      stopBackupControl();
      await database.close().catch((err) => app.log.error({ err }, 'database close failed'));
      metricsServer?.closeAllConnections();
      metricsServer?.close();
      releaseLock();
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
    // Mailed links start with PUBLIC_URL, else this address, with the real port (decision 46).
    const listening = app.server.address();
    const linkOrigin =
      typeof listening === 'object' && listening
        ? app.ctx.linkOrigin.listening(listening.port, listening.address)
        : app.ctx.linkOrigin.current;
    const notes = linkOriginNotes(config, linkOrigin);
    app.log.info({ linkOrigin }, notes.info);
    if (notes.warning) app.log.warn({ linkOrigin }, notes.warning);
    if (app.metrics && config.metrics.port !== undefined) {
      metricsServer = await serveMetrics(app.metrics, config.metrics.port, config.metrics.host);
      const address = metricsServer.address();
      const port = typeof address === 'object' && address ? address.port : config.metrics.port;
      app.log.info(`Metrics listening at http://${config.metrics.host}:${port}/metrics`);
    }
  } catch (err) {
    app.log.error({ err }, 'could not listen');
    metricsServer?.close();
    stopBackupControl();
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    releaseLock();
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof NewerDatabaseError) {
    console.error(err.message);
  } else {
    console.error('Tribe36 could not start:', err);
  }
  process.exit(1);
});
