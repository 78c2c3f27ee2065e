import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Listener = (payload: string) => void;

/** The database, whichever engine runs it, with the LISTEN/NOTIFY fan-out both engines offer. */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** PGlite data folder, used when no url is given. */
  dataDir?: string;
  /** postgres:// URL: real PostgreSQL through pg. */
  url?: string;
  migrationsDir: string;
};

const MIGRATION_LOCK_KEY = 36_0036;

/** Opens PGlite (DATA_DIR/db) or PostgreSQL and applies the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.url
    ? await openPostgres(options.url)
    : await openPglite(options.dataDir ?? path.resolve('data', 'db'));
  try {
    if (database.kind === 'postgres') {
      await migrateWithLock(options.url!, database, options.migrationsDir);
    } else {
      await migratePglite(database.db as never, { migrationsFolder: options.migrationsDir });
    }
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}

async function openPglite(dir: string): Promise<Database> {
  fs.mkdirSync(dir, { recursive: true });
  removeStalePostmasterPid(dir);
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
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
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

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
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listeners = new Map<string, Set<Listener>>();
  let listenClient: pg.Client | undefined;
  let listenReady: Promise<pg.Client> | undefined;
  let closed = false;

  async function connectListener(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      for (const l of listeners.get(msg.channel) ?? []) l(msg.payload ?? '');
    });
    c.on('error', () => {
      // Reconnect and re-subscribe every channel; messages sent while down are lost, which
      // the callers tolerate (caches expire, chat clients poll).
      listenClient = undefined;
      listenReady = undefined;
      if (!closed && listeners.size > 0) {
        setTimeout(() => void ensureListener().catch(() => {}), 1000).unref();
      }
    });
    await c.connect();
    for (const channel of listeners.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
    listenClient = c;
    return c;
  }
  function ensureListener() {
    listenReady ??= connectListener();
    return listenReady;
  }

  return {
    db,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
      return true;
    },
    async listen(channel, listener) {
      let set = listeners.get(channel);
      const first = !set;
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      const c = await ensureListener();
      if (first) await c.query(`LISTEN ${quoteIdent(channel)}`);
      return async () => {
        set.delete(listener);
        if (set.size === 0) {
          listeners.delete(channel);
          if (!closed && listenClient) await listenClient.query(`UNLISTEN ${quoteIdent(channel)}`);
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Several servers on one database may start together: one migrates, the others wait. */
async function migrateWithLock(url: string, database: Database, migrationsFolder: string) {
  // A session-level advisory lock must be taken and released on one connection.
  const lockClient = new pg.Client({ connectionString: url });
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(database.db as never, { migrationsFolder });
  } finally {
    await lockClient.end().catch(() => {});
  }
}

function quoteIdent(name: string) {
  return '"' + name.replace(/"/g, '""') + '"';
}
