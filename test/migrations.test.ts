import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as drizzleMigratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as drizzleMigratePglite } from 'drizzle-orm/pglite/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type OpenDatabaseOptions } from '../server/db/client';
import { NewerDatabaseError } from '../server/db/migrate';
import { freshDatabase, MIGRATIONS_DIR, testDatabaseUrl, type TestDatabaseSource } from './helpers/database';
import { databaseState, emptyDatabase, migrationsFolder, withRawDatabase } from './helpers/raw-database';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database migrated up to today (a copy of the suite's template). */
async function migratedDatabase(): Promise<TestDatabaseSource> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-mig-'));
  const { source, drop } = await freshDatabase(inject('templateDir'), path.join(dir, 'db'));
  cleanups.push(async () => {
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return source;
}

async function empty(): Promise<TestDatabaseSource> {
  const { source, drop } = await emptyDatabase();
  cleanups.push(drop);
  return source;
}

function folder(options: Parameters<typeof migrationsFolder>[0]) {
  const f = migrationsFolder(options);
  cleanups.push(f.remove);
  return f;
}

/** Opens the database as the server does and closes it; resolves with the migrations it applied. */
async function start(source: TestDatabaseSource, migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  const applied: string[] = [];
  const options: OpenDatabaseOptions = {
    ...source,
    migrationsDir,
    onMigration: (m) => applied.push(m.name),
  };
  const database = await openDatabase(options);
  await database.close();
  return applied;
}

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};
const tags = journal.entries.map((e) => e.tag);
const newest = tags.at(-1)!;

describe('migrations at start-up', () => {
  it('complete a database that Drizzle migrated (earlier versions) in the same table, with its hashes, naming every row', async () => {
    const source = await empty();
    const older = folder({ keep: 10 });
    // What earlier versions did: Drizzle's migrator, here for the first 10 migrations.
    await withRawDatabase(source, async (_query, client) => {
      if (source.url) {
        await drizzleMigratePg(drizzlePg({ client: client as pg.Client }), { migrationsFolder: older.dir });
      } else {
        await drizzleMigratePglite(drizzlePglite({ client: client as PGlite }), {
          migrationsFolder: older.dir,
        });
      }
    });

    expect(await start(source)).toEqual(tags.slice(10));
    expect(await start(source)).toEqual([]);

    const drizzles = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
    const rows = await withRawDatabase(source, (query) =>
      query<{ hash: string; created_at: string; name: string }>(
        'select hash, created_at::text as created_at, name from drizzle.__drizzle_migrations order by id',
      ),
    );
    expect(rows).toEqual(
      drizzles.map((m, i) => ({ hash: m.hash, created_at: String(m.folderMillis), name: tags[i] })),
    );
  });

  it('refuse a database migrated by a newer version, naming its newest migration and ours, and write nothing', async () => {
    const source = await migratedDatabase();
    const future = journal.entries.at(-1)!.when + 86_400_000;
    const before = await withRawDatabase(source, async (query) => {
      await query(`create table "future_things" (id int)`);
      await query(`insert into drizzle.__drizzle_migrations (hash, created_at, name) values ($1, $2, $3)`, [
        'ab'.repeat(32),
        future,
        '0014_future_things',
      ]);
      return databaseState(query);
    });

    const refused = start(source);
    await expect(refused).rejects.toThrow(NewerDatabaseError);
    await expect(refused).rejects.toThrow(
      'This database was migrated by a newer version of Tribe36: its newest migration is ' +
        `0014_future_things, and this version knows migrations up to ${newest}. Nothing was changed.`,
    );
    expect(await withRawDatabase(source, databaseState)).toEqual(before);

    // Recorded without a name (the version that wrote it is not known): its time and hash.
    const unnamed = await withRawDatabase(source, async (query) => {
      await query(`alter table drizzle.__drizzle_migrations drop column name`);
      return databaseState(query);
    });
    await expect(start(source)).rejects.toThrow(
      `its newest migration is an unnamed migration of ${new Date(future).toISOString()} (hash abababababab), ` +
        `and this version knows migrations up to ${newest}.`,
    );
    // Not even the name column was added.
    expect(await withRawDatabase(source, databaseState)).toEqual(unnamed);
  });

  it('run each in its own transaction: a failing one leaves nothing of itself, those before it stay, and the next start completes', async () => {
    const source = await migratedDatabase();
    const broken = folder({
      extra: [
        { tag: '0014_first', sql: 'CREATE TABLE "first_things" (id int);' },
        {
          tag: '0015_second',
          sql: [
            'CREATE TABLE "second_things" (id int);',
            'INSERT INTO "second_things" VALUES (1);',
            'SELECT 1 / 0;',
          ].join('\n--> statement-breakpoint\n'),
        },
      ],
    });
    await expect(start(source, broken.dir)).rejects.toThrow(
      'Migration 0015_second failed (applied before it: 0014_first): division by zero',
    );
    const after = await withRawDatabase(source, async (query) => ({
      names: (await query<{ name: string }>('select name from drizzle.__drizzle_migrations order by id')).map(
        (r) => r.name,
      ),
      tables: (
        await query<{ t: string | null }>(`select to_regclass('first_things')::text as t
          union all select to_regclass('second_things')::text`)
      ).map((r) => r.t),
    }));
    expect(after).toEqual({ names: [...tags, '0014_first'], tables: ['first_things', null] });

    // Mended, the next start applies what is left, and only that.
    fs.writeFileSync(
      path.join(broken.dir, '0015_second.sql'),
      'CREATE TABLE "second_things" (id int);\n--> statement-breakpoint\nINSERT INTO "second_things" VALUES (1);',
    );
    expect(await start(source, broken.dir)).toEqual(['0015_second']);
    const count = await withRawDatabase(source, (query) =>
      query<{ n: number }>('select count(*)::int as n from second_things'),
    );
    expect(count).toEqual([{ n: 1 }]);
  });

  it.runIf(testDatabaseUrl)(
    'apply each migration once when several instances start together on an empty PostgreSQL database',
    async () => {
      const source = await empty();
      const results = await Promise.all(Array.from({ length: 3 }, () => start(source)));
      expect(results.flat().sort()).toEqual(tags);
      const rows = await withRawDatabase(source, (query) =>
        query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'),
      );
      expect(rows).toEqual([{ n: tags.length }]);
    },
  );
});
