/**
 * Run by test/disk-full.test.ts in a process of its own (a database that freezes its process must
 * not freeze the test's): opens the embedded database in argv[2], fills its disk, and makes its
 * write-ahead log need a new segment. Prints one JSON line of what each call got, then exits.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { MIGRATIONS_DIR } from './database';
import { fill } from './full-disk';

const dbDir = process.argv[2]!;
/** What a call got: `ok`, or its error's SQLSTATE, severity and text (under Drizzle's wrapping). */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => ({ ok: true }),
    (err: unknown) => {
      let e = err as { code?: unknown; severity?: unknown; message?: unknown; cause?: unknown };
      while (e.code === undefined && e.cause && typeof e.cause === 'object') e = e.cause as typeof e;
      return { code: e.code, severity: e.severity, message: e.message };
    },
  );

const database = await openDatabase({ dataDir: dbDir, migrationsDir: MIGRATIONS_DIR });
await database.db.execute(sql`create table wal_room (id int primary key, n int)`);
await database.db.execute(sql`insert into wal_room values (1, 0)`);
fill(path.join(path.dirname(dbDir), 'filler'), 0);
await database.db.execute(sql`select pg_switch_wal()`);
// The update needs a new log segment; the read is sent while it runs; the ping comes after.
const [write, read] = await Promise.all([
  outcome(database.db.execute(sql`update wal_room set n = n + 1`)),
  outcome(database.db.execute(sql`select n from wal_room`)),
]);
const ping = await outcome(database.ping());
const transaction = await outcome(
  database.db.transaction(async (tx) => {
    await tx.execute(sql`update wal_room set n = 2`);
  }),
);
await new Promise((resolve) => setTimeout(resolve, 20)); // the event loop still turns
await database.close();
process.stdout.write(JSON.stringify({ write, read, ping, transaction }) + '\n');
process.exit(0);
