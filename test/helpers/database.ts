import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { projectRoot } from '../../server/lib/paths';

export const MIGRATIONS_DIR = path.join(projectRoot(), 'server', 'db', 'migrations');
export const TEMPLATE_DB_NAME = 'tribe36_test_template';

/** Real PostgreSQL for the API suite when set (CI runs the suite a second time on it). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabaseName(url, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Migrates one template database once per run: a PGlite folder, or a PostgreSQL database. */
export async function prepareTemplate(): Promise<{ templateDir?: string }> {
  if (testDatabaseUrl) {
    await admin(testDatabaseUrl, async (c) => {
      await c.query(`drop database if exists ${TEMPLATE_DB_NAME} with (force)`);
      await c.query(`create database ${TEMPLATE_DB_NAME}`);
    });
    const database = await openDatabase({
      url: withDatabaseName(testDatabaseUrl, TEMPLATE_DB_NAME),
      migrationsDir: MIGRATIONS_DIR,
    });
    await database.close();
    return {};
  }
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-template-'));
  const database = await openDatabase({ dataDir: templateDir, migrationsDir: MIGRATIONS_DIR });
  await database.close();
  return { templateDir };
}

export type TestDatabaseSource = { dataDir: string; url?: undefined } | { url: string; dataDir?: undefined };

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template folder placed at
 * `dbDir`, or a new PostgreSQL database made from the template. Returns the drop function.
 */
export async function freshDatabase(
  templateDir: string | undefined,
  dbDir: string,
): Promise<{ source: TestDatabaseSource; drop: () => Promise<void> }> {
  if (testDatabaseUrl) {
    const name = `tribe36_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await admin(testDatabaseUrl, (c) => c.query(`create database ${name} template ${TEMPLATE_DB_NAME}`));
    return {
      source: { url: withDatabaseName(testDatabaseUrl, name) },
      drop: () =>
        admin(testDatabaseUrl!, (c) => c.query(`drop database if exists ${name} with (force)`)).then(
          () => {},
        ),
    };
  }
  if (!templateDir) throw new Error('No PGlite template: is the global setup registered?');
  fs.cpSync(templateDir, dbDir, { recursive: true });
  return { source: { dataDir: dbDir }, drop: async () => {} };
}
