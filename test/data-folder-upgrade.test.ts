import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './helpers/database';
import { emptyDatabase, withRawDatabase } from './helpers/raw-database';
import { runNode, serverEnvironment, startServer, watch } from './helpers/server-process';

const PID_FILE = 'tribe36.lock';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A process that runs until killed, as an older server holding its pid file would. */
async function liveProcess(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); console.log("up")'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  cleanups.push(() => void proc.kill('SIGKILL'));
  await new Promise((resolve) => proc.stdout!.once('data', resolve));
  return proc;
}

/** What earlier versions wrote into DATA_DIR/tribe36.lock for a process. */
function legacyPidFile(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const startedAt = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
  return JSON.stringify({ pid, startedAt });
}

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};

describe('a data folder an earlier version used', () => {
  it.runIf(process.platform === 'linux')(
    'is refused while the pid file of an earlier version names a live server, before the database is opened',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-legacy-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const holder = await liveProcess();
      const content = legacyPidFile(holder.pid!);
      fs.writeFileSync(path.join(dataDir, PID_FILE), content);

      // The embedded database, even when the suite runs on PostgreSQL: the folder is what is at stake.
      const child = runNode('server/main.ts', [], { DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' });
      cleanups.push(() => void child.kill('SIGKILL'));
      const refused = watch(child);
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain(
        `The data folder ${fs.realpathSync(dataDir)} is in use by another Tribe36 server (pid ${holder.pid}). ` +
          'Stop that server first, or set DATA_DIR to another folder.',
      );
      expect(fs.readdirSync(dataDir)).toEqual([PID_FILE]); // no db/, no socket
      expect(fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8')).toBe(content);
    },
  );

  it.runIf(process.platform === 'linux')(
    'starts when the pid file of an earlier version names a process that has ended, and removes it on stop',
    async () => {
      const { dataDir, env, remove } = await serverEnvironment('tribe36-legacy-');
      cleanups.push(remove);
      const gone = await liveProcess();
      const content = legacyPidFile(gone.pid!);
      gone.kill('SIGKILL');
      await new Promise((resolve) => gone.once('exit', resolve));
      fs.writeFileSync(path.join(dataDir, PID_FILE), content);

      const server = await startServer(env);
      cleanups.push(() => void server.child.kill('SIGKILL'));
      // Held now in the same format by this server, so that an earlier version refuses the folder.
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8'))).toMatchObject({
        pid: server.child.pid,
      });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, PID_FILE))).toBe(false);
    },
  );
});

describe('migrations at start-up', () => {
  it('are logged one line each on a new database, not at all on an up-to-date one, and a newer database is refused', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-migrate-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { source, drop } = await emptyDatabase();
    cleanups.push(drop);
    // PGlite in DATA_DIR/db, or an empty PostgreSQL database.
    const env: Record<string, string> = source.url
      ? { DATA_DIR: dataDir, DATABASE_URL: source.url }
      : { DATA_DIR: dataDir };
    const dbSource = source.url ? source : { dataDir: path.join(dataDir, 'db') };
    const migrationLines = (output: string) =>
      output
        .split('\n')
        .filter((line) => line.includes('"migration":'))
        .map((line) => JSON.parse(line) as { level: number; migration: string; msg: string });

    const first = await startServer(env, 120_000);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(migrationLines(first.output())).toEqual(
      journal.entries.map((e) =>
        expect.objectContaining({ level: 30, migration: e.tag, msg: `migration ${e.tag} applied` }),
      ),
    );

    const second = await startServer(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).not.toMatch(/migration/i);

    await withRawDatabase(dbSource, (query) =>
      query(`insert into drizzle.__drizzle_migrations (hash, created_at, name) values ($1, $2, $3)`, [
        'cd'.repeat(32),
        journal.entries.at(-1)!.when + 1,
        '0099_from_the_future',
      ]),
    );
    const child = runNode('server/main.ts', [], { ...env, PORT: '0' });
    cleanups.push(() => void child.kill('SIGKILL'));
    const refused = watch(child);
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim()).toBe(
      'This database was migrated by a newer version of Tribe36: its newest migration is 0099_from_the_future, ' +
        `and this version knows migrations up to ${journal.entries.at(-1)!.tag}. Nothing was changed. ` +
        'Start the newer version again, or restore a backup taken before it ran.',
    );
  });
});
