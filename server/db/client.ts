import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrate, type AppliedMigration, type MigrationConnection } from './migrate';
import { failFastAfterPanic } from './pglite-panic';
import * as schema from './schema';
import { PGLITE_WAL_PARAMS, startCheckpoints } from './pglite-checkpoints';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Listener = (payload: string) => void;

/**
 * Whether NOTIFY messages are being received. While they are not, caches that NOTIFY keeps true
 * (sessions, the chat page) cannot be trusted: their owners read the database instead, and catch
 * up when `onChange(true)` says the connection is back.
 */
export type Notifications = {
  isUp(): boolean;
  /** Called at each loss (`false`, with the error) and each recovery (`true`); returns the unsubscriber. */
  onChange(listener: (up: boolean, err?: unknown) => void): () => void;
};

/** The database, whichever engine runs it, with the LISTEN/NOTIFY fan-out both engines offer. */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  notifications: Notifications;
  /** The connection pool's counts (PostgreSQL only: the embedded database has no pool), for metrics. */
  poolStats?(): PoolStats;
  /**
   * The embedded database only: runs `fn` while no query and no transaction runs (and none starts),
   * so that its folder can be copied consistently (server/backup/snapshot.ts). `fn` must not query.
   */
  runExclusive?<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** Connections open (in use or idle), idle ones, and queries waiting for a connection. */
export type PoolStats = { total: number; idle: number; waiting: number };

export type OpenDatabaseOptions = {
  /** PGlite data folder, used when no url is given. */
  dataDir?: string;
  /** postgres:// URL: real PostgreSQL through pg. */
  url?: string;
  migrationsDir: string;
  /** Called after each migration applied at this start (server/db/migrate.ts), for the log. */
  onMigration?: (migration: AppliedMigration) => void;
  /**
   * PGlite's buffer cache (Postgres `shared_buffers`, e.g. `16MB`): PGLITE_SHARED_BUFFERS
   * (decision 21). Unset: DEFAULT_PGLITE_SHARED_BUFFERS.
   */
  pgliteSharedBuffers?: string;
  /**
   * Whether V8 may recompile PGlite's hot WebAssembly with its optimizing compiler (TurboFan):
   * PGLITE_OPTIMIZING_COMPILER. Off by default (decision 21): the baseline compiler alone keeps
   * 45–80 MiB less, and steady, for 10–40 % more CPU inside the database.
   */
  pgliteOptimizingCompiler?: boolean;
};

/**
 * PGlite's own default is Postgres's 128 MB, all of it allocated and touched at start inside the
 * WebAssembly memory. The embedded database is small and the kernel's page cache holds its files
 * anyway, so a small pool costs nothing measurable (decision 21).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

const MIGRATION_LOCK_KEY = 36_0036;

/** Opens PGlite (DATA_DIR/db) or PostgreSQL and applies the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.url
    ? await openPostgres(options.url)
    : await openPglite(
        options.dataDir ?? path.resolve('data', 'db'),
        options.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS,
        options.pgliteOptimizingCompiler ?? false,
      );
  try {
    if (database.kind === 'postgres') {
      await migrateWithLock(options.url!, options.migrationsDir, options.onMigration);
    } else {
      // The PGlite client under Drizzle: nothing else uses it yet, so BEGIN … COMMIT on it is ours.
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const connection: MigrationConnection = {
        exec: async (sql) => void (await client.exec(sql)),
        query: async <R>(sql: string, params?: unknown[]) => (await client.query<R>(sql, params)).rows,
      };
      await migrate(connection, options.migrationsDir, options.onMigration);
    }
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}

async function openPglite(
  dir: string,
  sharedBuffers: string,
  optimizingCompiler: boolean,
): Promise<Database> {
  fs.mkdirSync(dir, { recursive: true });
  removeStalePostmasterPid(dir);
  const startParams = [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${sharedBuffers}`,
    ...PGLITE_WAL_PARAMS,
  ];
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await initPgliteInChild(dir, startParams);
  // Read when the WebAssembly is compiled, which PGlite.create does: it applies to this process's
  // later compilations (PGlite is its only WebAssembly of any size).
  v8.setFlagsFromString(optimizingCompiler ? '--no-liftoff-only' : '--liftoff-only');
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, startParams });
  // After a PANIC (a full disk: decision 44), calls fail at once instead of freezing the process.
  failFastAfterPanic(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  // No checkpointer runs in PGlite: without these the write-ahead log grows by every write (decision 49).
  // A checkpoint that fails (a full disk) is tried again at the next round; the disk's state is
  // already reported by the writes themselves and readiness (decision 44).
  const checkpoints = startCheckpoints(client);
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
      return true;
    },
    async listen(channel, listener) {
      const unsub = await client.listen(channel, listener);
      return async () => {
        if (!closed) await unsub();
      };
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    // In-process: notifications cannot be lost.
    notifications: { isUp: () => true, onChange: () => () => {} },
    // A transaction holds the transaction mutex throughout and the query mutex per query: both.
    runExclusive: (fn) => client._runExclusiveTransaction(() => client.runExclusive(fn)),
    async close() {
      if (closed) return;
      closed = true;
      await checkpoints.stop();
      await client.close();
    },
  };
}

/**
 * A new folder is initialised (initdb) by PGlite in a child process that ends when it is done.
 * In the server's own process, initdb runs a second PGlite and copies the new folder through a
 * tarball, and the idle server then kept 120 MiB more than after a restart (garbage it may never
 * collect, malloc arenas never given back; 100 MiB even from a worker thread). A process's memory
 * goes with it.
 */
async function initPgliteInChild(dir: string, startParams: string[]): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const child = spawn(process.execPath, ['-e', INITDB_CHILD, JSON.stringify({ pglite, dir, startParams })], {
    // Our stdin is its lifeline: if this process dies, the child stops too.
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  child.stdin.end();
  if (code !== 0) {
    throw new Error(`Could not initialise the database in ${dir}: ${stderr.trim() || `exit ${code}`}`);
  }
}

const INITDB_CHILD = `
process.stdin.on('end', () => process.exit(1)).resume();
const { pglite, dir, startParams } = JSON.parse(process.argv[1]);
require(pglite)
  .PGlite.create(dir, { startParams })
  .then((pg) => pg.close())
  .then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(String((err && err.message) || err));
      process.exit(1);
    },
  );
`;

/**
 * PGlite keeps a postmaster.pid in its folder while open; a process killed with kill -9 leaves
 * it behind. Our own data-folder lock already guarantees no other server uses this folder, so a
 * leftover file is stale by construction and safe to remove.
 */
function removeStalePostmasterPid(dir: string) {
  for (const name of ['postmaster.pid']) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) fs.rmSync(file, { force: true });
  }
}

async function openPostgres(url: string): Promise<Database> {
  // A database that cannot be reached fails a request in seconds rather than holding it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listener = createListenConnection(url);
  return {
    db,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
      return true;
    },
    listen: (channel, fn) => listener.listen(channel, fn),
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    notifications: listener.notifications,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

const CONNECT_TIMEOUT_MS = 5000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 2000;
/** The LISTEN connection is asked a trivial query this often, so a silently dead one is noticed. */
const LISTEN_PING_MS = 10_000;
/** How long the first LISTEN waits for the connection before going on without it (it keeps trying). */
const FIRST_CONNECT_WAIT_MS = 5000;

/**
 * The one connection that LISTENs, kept open for as long as the server runs: when it is lost
 * (PostgreSQL restarted, a network cut), it is opened again with a growing delay (up to 2 s
 * between tries) for as long as it takes, and every channel is subscribed again. Each loss and
 * recovery is announced through `notifications`, so that what NOTIFY keeps fresh can catch up.
 */
function createListenConnection(url: string) {
  const listeners = new Map<string, Set<Listener>>();
  const stateListeners = new Set<(up: boolean, err?: unknown) => void>();
  let client: pg.Client | undefined;
  let up = false;
  let closed = false;
  let running: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let firstUp: Promise<void> | undefined;
  let resolveFirstUp: (() => void) | undefined;

  function setState(next: boolean, err?: unknown) {
    if (next === up) return;
    up = next;
    if (up) resolveFirstUp?.();
    for (const l of stateListeners) l(up, err);
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** Connects, subscribes, waits for the connection to end, and again, until closed. */
  async function run() {
    let attempt = 0;
    while (!closed) {
      const c = new pg.Client({
        connectionString: url,
        keepAlive: true,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      let lost!: (err: unknown) => void;
      const ended = new Promise<unknown>((resolve) => (lost = resolve));
      c.on('error', (err) => lost(err));
      c.on('end', () => lost(new Error('The LISTEN connection ended')));
      c.on('notification', (msg) => {
        for (const l of listeners.get(msg.channel) ?? []) l(msg.payload ?? '');
      });
      try {
        await c.connect();
        for (const channel of listeners.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (err) {
        void c.end().catch(() => {});
        setState(false, err);
        await sleep(Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt++));
        continue;
      }
      if (closed) {
        await c.end().catch(() => {});
        return;
      }
      attempt = 0;
      client = c;
      setState(true);
      const ping = setInterval(() => {
        c.query('select 1').catch((err: unknown) => lost(err));
      }, LISTEN_PING_MS);
      ping.unref();
      const err = await ended;
      clearInterval(ping);
      client = undefined;
      void c.end().catch(() => {});
      if (closed) return;
      setState(false, err);
    }
  }

  function ensureRunning(): Promise<void> {
    if (!running) {
      firstUp = new Promise((resolve) => (resolveFirstUp = resolve));
      running = run();
    }
    return firstUp!;
  }

  return {
    async listen(channel: string, fn: Listener): Promise<() => Promise<void>> {
      let set = listeners.get(channel);
      const first = !set;
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(fn);
      const waited = ensureRunning();
      if (!up) {
        // Not connected yet: the connection subscribes every channel when it opens.
        await Promise.race([waited, new Promise((r) => setTimeout(r, FIRST_CONNECT_WAIT_MS).unref())]);
      } else if (first && client) {
        // On failure the connection is going down; it subscribes again when it is back.
        await client.query(`LISTEN ${quoteIdent(channel)}`).catch(() => {});
      }
      return async () => {
        set.delete(fn);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        if (!closed && client) await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
      };
    },
    notifications: {
      isUp: () => up,
      onChange(fn: (up: boolean, err?: unknown) => void) {
        stateListeners.add(fn);
        return () => void stateListeners.delete(fn);
      },
    } satisfies Notifications,
    async close() {
      if (closed) return;
      closed = true;
      wake?.();
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
      await running?.catch(() => {});
    },
  };
}

/**
 * Several servers on one database may start together: one migrates, the others wait, then find
 * nothing left to do. The migrations run on the connection that holds the lock.
 */
async function migrateWithLock(
  url: string,
  migrationsFolder: string,
  onMigration?: (migration: AppliedMigration) => void,
) {
  // A session-level advisory lock must be taken and released on one connection.
  const lockClient = new pg.Client({ connectionString: url });
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const connection: MigrationConnection = {
      exec: async (sql) => void (await lockClient.query(sql)),
      query: async <R>(sql: string, params?: unknown[]) => (await lockClient.query(sql, params)).rows as R[],
    };
    await migrate(connection, migrationsFolder, onMigration);
  } finally {
    await lockClient.end().catch(() => {});
  }
}

function quoteIdent(name: string) {
  return '"' + name.replace(/"/g, '""') + '"';
}
