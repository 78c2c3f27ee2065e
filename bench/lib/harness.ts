// Shared by the benchmarks: the app on a fresh embedded database, a bare Node server answering
// fixed bytes, and HTTP load from a separate process.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import pg from 'pg';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';

export type BenchApp = { app: App; database: Database; base: string; close(): Promise<void> };

/**
 * The app listening on a free port, on a new PGlite folder (or `env.DATABASE_URL`, else
 * BENCH_DATABASE_URL's server).
 */
export async function startApp(env: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-bench-'));
  const url = env.DATABASE_URL || process.env.BENCH_DATABASE_URL || undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  });
  const database = await openDatabase({
    url,
    dataDir: path.join(dataDir, 'db'),
    migrationsDir: config.migrationsDir,
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * With BENCH_DATABASE_URL, a new database of the benchmark's own on that server, `tribe36_bench_<pid>`
 * (`drop` drops it unless BENCH_KEEP is set, and says so); without it, no URL (the embedded database).
 */
export async function ownDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const benchUrl = process.env.BENCH_DATABASE_URL;
  if (!benchUrl) return { url: undefined, drop: async () => {} };
  const name = `tribe36_bench_${process.pid}`;
  const admin = async (statement: string) => {
    const u = new URL(benchUrl);
    u.pathname = '/postgres';
    const c = new pg.Client({ connectionString: u.toString() });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const u = new URL(benchUrl);
  u.pathname = '/' + name;
  return {
    url: u.toString(),
    async drop() {
      if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
      else await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The value at quantile `q` of ascending `sorted` values. */
export const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

let registrations = 0;

/**
 * The i-th loopback source address, one per member for the first 62,500: 127.1.0.1, 127.1.0.2, …
 * 127.1.249.250 (every 127.x.y.z is this machine). A crowd that grows past 20 members an address
 * (the registration limit) would otherwise be refused; signUp's own addresses are 127.0.x.y.
 */
export const loopbackAddress = (i: number) => `127.1.${Math.floor(i / 250) % 250}.${1 + (i % 250)}`;

/**
 * Registers a member and returns their session cookie. Registrations are limited per client
 * address (20 an hour): each comes from `localAddress`, or else from a loopback address of its own.
 */
export async function signUp(base: string, email: string, localAddress?: string): Promise<string> {
  registrations += 1;
  const n = 256 + registrations;
  localAddress ??= `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const payload = JSON.stringify({ email, password: 'bench-password' });
  const { status, setCookie } = await new Promise<{ status: number; setCookie: string[] }>(
    (resolve, reject) => {
      const req = http.request(
        `${base}/api/auth/register`,
        {
          method: 'POST',
          localAddress,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [] }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    },
  );
  if (status !== 201) throw new Error(`register ${email}: ${status}`);
  const session = setCookie.find((c) => c.startsWith('tribe36_session='));
  if (!session) throw new Error(`register ${email}: no session cookie`);
  return session.split(';')[0]!;
}

/** A bare Node http server answering every request with these bytes and headers. */
export async function bareServer(body: string, headers: Record<string, string>) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** The headers of a response worth copying to a bare server (not the per-connection ones). */
export function copyableHeaders(res: Response): Record<string, string> {
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  return Object.fromEntries([...res.headers.entries()].filter(([k]) => !skip.has(k)));
}

const autocannonCli = path.join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  'autocannon',
  'autocannon.js',
);

export type Load = { rps: number; p99: number };

/** Requests per second from autocannon in its own process, so the load does not share our event loop. */
export async function measure(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Load> {
  const args = [autocannonCli, '--json', '-c', String(connections), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const { stdout } = await promisify(execFile)(process.execPath, [...args, url], { maxBuffer: 1 << 24 });
  const result = JSON.parse(stdout);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average as number, p99: result.latency.p99 as number };
}

/** Alternates the two targets, twice, keeping each one's best run: less noise on a shared machine. */
export async function compare(
  baseline: () => Promise<Load>,
  ours: () => Promise<Load>,
): Promise<{ baseline: Load; ours: Load; ratio: number }> {
  let b: Load = { rps: 0, p99: 0 };
  let o: Load = { rps: 0, p99: 0 };
  for (let round = 0; round < 2; round++) {
    const nb = await baseline();
    const no = await ours();
    if (nb.rps > b.rps) b = nb;
    if (no.rps > o.rps) o = no;
  }
  return { baseline: b, ours: o, ratio: o.rps / b.rps };
}
