import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/*
 * The migrations of server/db/migrations, applied at start-up (decision 43). The folder is
 * drizzle-kit's (meta/_journal.json lists the files in order) and the record is Drizzle's table,
 * drizzle.__drizzle_migrations (id, hash: SHA-256 of the file, created_at: the journal entry's
 * `when`), so that databases migrated by earlier versions carry on, plus a `name` column holding
 * the tag (0013_progress_indexes) so that a later version's migration can be named by this one.
 *  - A migration is known by its `when`, as Drizzle does (a file edited after it ran, 0002, has
 *    another hash in older databases).
 *  - Each one runs in its own transaction together with its row: a start interrupted between two
 *    leaves a database the next start completes.
 *  - A database that holds a migration this build does not know, newer than its newest, was
 *    migrated by a newer version: refused before anything is written.
 */

const TABLE = 'drizzle.__drizzle_migrations';
const BREAKPOINT = '--> statement-breakpoint';

/** One migration file, as drizzle-kit wrote it. */
export type Migration = { name: string; when: number; hash: string; statements: string[] };

/** A connection migrations run on, one statement after another (no pool: BEGIN and COMMIT). */
export type MigrationConnection = {
  /** Runs SQL that may hold several statements, without parameters. */
  exec(sql: string): Promise<void>;
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
};

/** A migration applied at this start, and how long it took. */
export type AppliedMigration = { name: string; ms: number };

/** The database was migrated by a newer version of Tribe36 than this one. */
export class NewerDatabaseError extends Error {
  override name = 'NewerDatabaseError';
}

/** Reads the journal and the files it lists, in order. */
export function readMigrations(dir: string): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => {
    const text = fs.readFileSync(path.join(dir, `${tag}.sql`), 'utf8');
    return {
      name: tag,
      when,
      // What Drizzle's migrator writes (drizzle-orm/migrator.js), kept for its sake.
      hash: crypto.createHash('sha256').update(text).digest('hex'),
      statements: text.split(BREAKPOINT).filter((s) => s.trim() !== ''),
    };
  });
}

type Row = { hash: string; created_at: string | null; name: string | null };

/** How a recorded migration is named in a message. */
function describe(row: Row): string {
  if (row.name) return row.name;
  const when = Number(row.created_at);
  const time = Number.isFinite(when) ? new Date(when).toISOString() : String(row.created_at);
  return `an unnamed migration of ${time} (hash ${row.hash.slice(0, 12)})`;
}

/**
 * Applies the folder's migrations that the database lacks, each in its own transaction; calls
 * `onApplied` after each commits and resolves with them all. Rejects with NewerDatabaseError,
 * having written nothing, when the database holds a newer migration than this build knows.
 */
export async function migrate(
  connection: MigrationConnection,
  dir: string,
  onApplied: (migration: AppliedMigration) => void = () => {},
): Promise<AppliedMigration[]> {
  const migrations = readMigrations(dir);
  const byWhen = new Map(migrations.map((m) => [m.when, m]));
  const newest = migrations.reduce<Migration | undefined>(
    (a, m) => (a && a.when > m.when ? a : m),
    undefined,
  );

  // Reads only, until the check below has passed.
  const [{ present } = { present: false }] = await connection.query<{ present: boolean }>(
    `select to_regclass('${TABLE}') is not null as present`,
  );
  let rows: Row[] = [];
  let hasName = false;
  if (present) {
    hasName =
      (
        await connection.query(
          `select 1 from information_schema.columns
           where table_schema = 'drizzle' and table_name = '__drizzle_migrations' and column_name = 'name'`,
        )
      ).length > 0;
    rows = await connection.query<Row>(
      `select hash, created_at::text as created_at, ${hasName ? 'name' : 'null::text as name'} from ${TABLE}`,
    );
  }
  const newer = rows
    .filter((r) => r.created_at !== null && !byWhen.has(Number(r.created_at)))
    .filter((r) => Number(r.created_at) > (newest?.when ?? -Infinity))
    .sort((a, b) => Number(b.created_at) - Number(a.created_at));
  if (newer[0]) {
    throw new NewerDatabaseError(
      `This database was migrated by a newer version of Tribe36: its newest migration is ` +
        `${describe(newer[0])}, and this version knows migrations up to ${newest?.name ?? 'none'}. ` +
        'Nothing was changed. Start the newer version again, or restore a backup taken before it ran.',
    );
  }

  const applied = new Set(rows.map((r) => Number(r.created_at)));
  const unnamed = rows.filter((r) => r.name === null && byWhen.has(Number(r.created_at)));
  if (!present || !hasName || unnamed.length > 0) {
    await transaction(connection, async () => {
      await connection.exec(`
        CREATE SCHEMA IF NOT EXISTS drizzle;
        CREATE TABLE IF NOT EXISTS ${TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);
        ALTER TABLE ${TABLE} ADD COLUMN IF NOT EXISTS name text;`);
      for (const row of unnamed) {
        await connection.query(`update ${TABLE} set name = $1 where created_at = $2 and name is null`, [
          byWhen.get(Number(row.created_at))!.name,
          row.created_at,
        ]);
      }
    });
  }

  const done: AppliedMigration[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.when)) continue;
    const started = performance.now();
    try {
      await transaction(connection, async () => {
        for (const statement of migration.statements) await connection.exec(statement);
        await connection.query(`insert into ${TABLE} (hash, created_at, name) values ($1, $2, $3)`, [
          migration.hash,
          migration.when,
          migration.name,
        ]);
      });
    } catch (err) {
      const before = done.length > 0 ? ` (applied before it: ${done.map((d) => d.name).join(', ')})` : '';
      throw new Error(`Migration ${migration.name} failed${before}: ${(err as Error).message}`, {
        cause: err,
      });
    }
    const result = { name: migration.name, ms: Math.round(performance.now() - started) };
    done.push(result);
    onApplied(result);
  }
  return done;
}

async function transaction(connection: MigrationConnection, fn: () => Promise<void>) {
  await connection.exec('BEGIN');
  try {
    await fn();
    await connection.exec('COMMIT');
  } catch (err) {
    await connection.exec('ROLLBACK').catch(() => {});
    throw err;
  }
}
