import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { freePort } from './free-port';

/** Debian's PostgreSQL binaries, the newest version installed, or undefined. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const v = versions.at(-1);
  return v ? path.join(root, v, 'bin') : undefined;
}

const isRoot = () => process.getuid?.() === 0;

/**
 * Whether this machine can run a PostgreSQL server of a test's own: Debian's binaries are
 * installed and we are root (the server runs as the `postgres` user, as in .ci/run).
 */
export function canRunPostgresCluster(): boolean {
  return isRoot() && postgresBin() !== undefined && fs.existsSync('/usr/sbin/runuser');
}

export type PostgresCluster = {
  url: string;
  /** Stops the server as an operator would (`pg_ctl -m fast stop`): every connection is cut. */
  stop(): void;
  start(): void;
  destroy(): void;
};

/**
 * A PostgreSQL server of this test's own, on `port` or a free one, for tests that stop and start it
 * (the shared one of the API suite cannot be stopped under the other test files). As root it runs
 * as the `postgres` user; otherwise as the current user.
 */
export async function startPostgresCluster(port?: number): Promise<PostgresCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (Debian: apt-get install -y postgresql)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-pgcluster-'));
  fs.chmodSync(dir, 0o700);
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dir]);
  port ??= await freePort();
  const data = path.join(dir, 'data');
  // cwd /: the postgres user may not be able to enter the checkout.
  const asPostgres = (args: string[]) =>
    isRoot()
      ? execFileSync('runuser', ['-u', 'postgres', '--', ...args], { cwd: '/', stdio: 'pipe' })
      : execFileSync(args[0]!, args.slice(1), { cwd: '/', stdio: 'pipe' });
  asPostgres([path.join(bin, 'initdb'), '-D', data, '--auth=trust', '-U', 'postgres']);
  const start = () =>
    asPostgres([
      path.join(bin, 'pg_ctl'),
      '-D',
      data,
      '-w',
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`,
      'start',
    ]);
  const stop = () => asPostgres([path.join(bin, 'pg_ctl'), '-D', data, '-w', '-m', 'fast', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
