import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { MIGRATIONS_DIR, testDatabaseUrl, withDatabaseName, type TestDatabaseSource } from './database';

export type RawQuery = <R = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>;

/**
 * A database with nothing in it (a folder PGlite will create, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set), for tests of what start-up does to it. Returns the drop function.
 */
export async function emptyDatabase(): Promise<{ source: TestDatabaseSource; drop: () => Promise<void> }> {
  if (testDatabaseUrl) {
    const name = `tribe36_e_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await withPostgres(withDatabaseName(testDatabaseUrl, 'postgres'), (q) => q(`create database ${name}`));
    return {
      source: { url: withDatabaseName(testDatabaseUrl, name) },
      drop: () =>
        withPostgres(withDatabaseName(testDatabaseUrl!, 'postgres'), (q) =>
          q(`drop database if exists ${name} with (force)`),
        ).then(() => {}),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-empty-'));
  return {
    source: { dataDir: path.join(dir, 'db') },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function withPostgres<T>(url: string, fn: (query: RawQuery) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(
      async <R>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as R[],
    );
  } finally {
    await client.end();
  }
}

/**
 * Runs `fn` on a plain connection to the database, outside the app (no migration): PGlite opened on
 * its folder, or a pg client. The database must not be open elsewhere (PGlite).
 */
export async function withRawDatabase<T>(
  source: TestDatabaseSource,
  fn: (query: RawQuery, client: PGlite | pg.Client) => Promise<T>,
): Promise<T> {
  if (source.url) {
    const client = new pg.Client({ connectionString: source.url });
    await client.connect();
    try {
      return await fn(
        async <R>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as R[],
        client,
      );
    } finally {
      await client.end();
    }
  }
  const client = await PGlite.create(source.dataDir, { extensions: { pg_trgm } });
  try {
    return await fn(
      async <R>(sql: string, params?: unknown[]) => (await client.query<R>(sql, params)).rows,
      client,
    );
  } finally {
    await client.close();
  }
}

/** The migrations table's rows (every column) and the schema's tables, columns and indexes. */
export async function databaseState(query: RawQuery) {
  const [{ present }] = (await query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as [{ present: boolean }];
  return {
    migrations: present
      ? await query(`select to_jsonb(m) as row from drizzle.__drizzle_migrations m order by id`)
      : null,
    columns: await query(
      `select table_schema, table_name, column_name, data_type from information_schema.columns
       where table_schema not in ('pg_catalog', 'information_schema') order by 1, 2, 3`,
    ),
    indexes: await query(
      `select schemaname, indexname, indexdef from pg_indexes where schemaname <> 'pg_catalog' order by 1, 2`,
    ),
  };
}

/**
 * A copy of the migrations folder in a temporary folder: the first `keep` migrations of the
 * journal (all by default), then `extra` ones, each a second after the one before.
 */
export function migrationsFolder(options: { keep?: number; extra?: { tag: string; sql: string }[] } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const kept = journal.entries.slice(0, options.keep ?? journal.entries.length);
  for (const { tag } of journal.entries.slice(kept.length)) fs.rmSync(path.join(dir, `${tag}.sql`));
  let when = kept.at(-1)!.when;
  for (const { tag, sql } of options.extra ?? []) {
    when += 1000;
    kept.push({ idx: kept.length, version: '7', when, tag, breakpoints: true });
    fs.writeFileSync(path.join(dir, `${tag}.sql`), sql);
  }
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: kept }, null, 2));
  return { dir, entries: kept, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
