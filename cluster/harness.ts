// A Tribe36 cluster on this machine, as operators run it (issue 16): one PostgreSQL server, one
// S3-compatible bucket (s3rver, in this process), several instances of the production build
// (dist/server/main.js) started at the same moment on the empty database, and a reverse proxy in
// front of them (cluster/proxy.ts). Everything listens on 127.0.0.1. Every child runs in a process
// group of its own and is killed, and every temporary folder removed, by close() or else when this
// process exits.
//
// Ports: free ones, or from CLUSTER_PORT_RANGE=56000-56099 (and PostgreSQL on CLUSTER_PG_PORT) when
// several people share the machine.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import S3rver from 's3rver';
import { startPostgresCluster, type PostgresCluster } from '../test/helpers/postgres-cluster';
import { freePort } from '../test/helpers/free-port';
import { nginxBin, spawnProxy, type ProxyKind } from './proxy';

const root = path.resolve(import.meta.dirname, '..');
const BUCKET = 'tribe36-cluster';
const OUTPUT_KEPT = 64 * 1024;

export type Instance = {
  /** 0, 1, 2…: its place in the proxy's rotation. */
  index: number;
  url: string;
  port: number;
  dataDir: string;
  pid(): number;
  /** Whether its process is running. */
  alive(): boolean;
  /** The end of its output (its log at LOG_LEVEL), for a failure's message. */
  output(): string;
  /** Sends a signal to its process group (SIGKILL: as `kill -9` would). */
  kill(signal: NodeJS.Signals): void;
  /** Resolves once its process has exited. */
  exited(): Promise<void>;
};

export type Cluster = {
  /** The proxy's address: where members go. */
  url: string;
  proxy: ProxyKind;
  instances: Instance[];
  postgres: PostgresCluster;
  databaseUrl: string;
  /** The proxy's process (nginx's master), for its memory. */
  proxyPid(): number;
  /** Every instance's process output, labelled, for a failure's message. */
  logs(): string;
  close(): Promise<void>;
};

export type ClusterOptions = {
  instances?: number;
  /** nginx when installed (the default), else the Node proxy; CLUSTER_PROXY=node forces the latter. */
  proxy?: ProxyKind;
  /** nginx's worker processes (1: one round robin the tests can count on). */
  proxyWorkers?: number;
  logLevel?: string;
  /** More environment for every instance. */
  env?: Record<string, string>;
};

/** The build the instances run, built first when it is missing (as the browser tests do). */
export function ensureBuild() {
  if (
    fs.existsSync(path.join(root, 'dist', 'server', 'main.js')) &&
    fs.existsSync(path.join(root, 'dist', 'client', 'index.html'))
  ) {
    return;
  }
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (r.status !== 0) throw new Error('the production build failed');
}

async function isFree(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

let rangeNext: number | undefined;

/** A port nothing listens on: the next free one of CLUSTER_PORT_RANGE, else any. */
async function port(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.CLUSTER_PORT_RANGE ?? '');
  if (!range) return freePort();
  const [lo, hi] = [Number(range[1]), Number(range[2])];
  rangeNext ??= lo;
  for (; rangeNext <= hi; rangeNext++) {
    if (await isFree(rangeNext)) return rangeNext++;
  }
  throw new Error(`no free port left in CLUSTER_PORT_RANGE ${lo}-${hi}`);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds, or throws `what` with `context()` after `timeoutMs`. */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  context: () => string = () => '',
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${context()}`);
    await pause(50);
  }
}

/** GET url answered 200 (false for any other answer or none within 2 s). */
async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Keeps the last OUTPUT_KEPT characters a child writes. */
function collect(child: ChildProcess) {
  let out = '';
  const add = (d: Buffer) => {
    out += d.toString();
    if (out.length > OUTPUT_KEPT * 2) out = out.slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => out.slice(-OUTPUT_KEPT);
}

/** Kills a child's whole process group (it was spawned detached: the group is its pid). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
}

/** Stops a child gently, then for good after `graceMs`. */
async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number) {
  killGroup(child, signal);
  const force = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
  await exitOf(child);
  clearTimeout(force);
}

function spawnInstance(port: number, dataDir: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'dist', 'server', 'main.js')], {
    cwd: root,
    detached: true,
    env: { ...process.env, NODE_OPTIONS: '', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts the cluster; resolves once the proxy answers and every instance is ready. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 3;
  const kind: ProxyKind =
    options.proxy ?? (process.env.CLUSTER_PROXY === 'node' || !nginxBin() ? 'node' : 'nginx');
  ensureBuild();

  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  let postgres: PostgresCluster | undefined;
  let s3: S3rver | undefined;
  let closed = false;
  // Whatever happens to this process, nothing it started outlives it.
  const onExit = () => {
    for (const c of children) killGroup(c, 'SIGKILL');
    try {
      postgres?.destroy();
    } catch {
      // nothing to stop
    }
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const tempDir = (name: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), `tribe36-cluster-${name}-`));
    dirs.push(d);
    return d;
  };

  async function close() {
    if (closed) return;
    closed = true;
    await Promise.all(children.map((c) => stopChild(c, 'SIGTERM', 10_000)));
    await s3?.close().catch(() => {});
    postgres?.destroy();
    postgres = undefined;
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    process.removeListener('exit', onExit);
  }

  try {
    const pgPort = process.env.CLUSTER_PG_PORT ? Number(process.env.CLUSTER_PG_PORT) : await port();
    postgres = await startPostgresCluster(pgPort);
    const databaseUrl = postgres.url;

    const s3Dir = tempDir('s3');
    s3 = new S3rver({
      address: '127.0.0.1',
      port: await port(),
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const s3Address = await s3.run();

    const env: Record<string, string> = {
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel ?? 'info',
      DATABASE_URL: databaseUrl,
      S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      // One proxy in front: the client's address is the one it saw.
      TRUST_PROXY: '1',
      ...options.env,
    };

    // Every instance at the same moment, on the empty database: the migration race is part of it.
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await port());
    const instances = ports.map((p, index): Instance => {
      const dataDir = tempDir(`instance${index}`);
      const child = spawnInstance(p, dataDir, env);
      children.push(child);
      const output = collect(child);
      return {
        index,
        url: `http://127.0.0.1:${p}`,
        port: p,
        dataDir,
        pid: () => child.pid!,
        alive: () => child.exitCode === null && child.signalCode === null,
        output,
        kill: (signal) => killGroup(child, signal),
        exited: () => exitOf(child),
      };
    });
    const logs = () =>
      instances.map((i) => `--- instance ${i.index} (${i.url}) ---\n${i.output().slice(-4000)}`).join('\n');
    for (const i of instances) {
      await until(
        `instance ${i.index} ready`,
        () => {
          if (!i.alive()) throw new Error(`instance ${i.index} exited while starting:\n${i.output()}`);
          return answers(`${i.url}/api/health/ready`);
        },
        60_000,
        logs,
      );
    }

    const proxyPort = await port();
    const proxyDir = tempDir('proxy');
    const proxy = spawnProxy(kind, proxyDir, proxyPort, ports, options.proxyWorkers ?? 1);
    children.push(proxy);
    const proxyOutput = collect(proxy);
    const url = `http://127.0.0.1:${proxyPort}`;
    await until(
      `the ${kind} proxy answering`,
      () => {
        if (proxy.exitCode !== null) throw new Error(`the ${kind} proxy exited:\n${proxyOutput()}`);
        return answers(`${url}/api/health/ready`);
      },
      30_000,
      () => {
        const log = path.join(proxyDir, 'error.log');
        return proxyOutput() + (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '');
      },
    );

    return {
      url,
      proxy: kind,
      instances,
      postgres,
      databaseUrl,
      proxyPid: () => proxy.pid!,
      logs,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
