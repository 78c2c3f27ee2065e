// Benchmark: the server's memory (issue 14, docs/decisions.md decision 21). The production build
// (dist/server/main.js, built first when missing) on a fresh data folder of the embedded database, in a
// process of its own: its resident memory (VmRSS) idle after the first start (which initialises the
// folder), idle after a restart, after N members registered through the API (each from a loopback
// address of its own, 127.1.x.y: registrations are limited to 20 an hour per address), and with
// each of them holding the chat stream (held by this process). Beside it, in the same run, a baseline:
// by default the landed code before decision 21 built from git (kept in the temporary folder for the next
// run), or this build with PGlite's and V8's own settings (`--baseline settings`:
// PGLITE_SHARED_BUFFERS=128MB PGLITE_OPTIMIZING_COMPILER=true; its first start is still initialised in a
// child process).
// Goal: ≤ 256 MiB idle, and ≤ +64 MiB with the 2,000 streams open.
// Usage: node --import tsx bench/memory.ts [--streams 2000] [--build] [--settle 5] [--baseline <git ref> | settings | none]
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBuiltServer } from './lib/built-server';
import { baselineBuild, build } from './lib/builds';
import { loopbackAddress, signUp } from './lib/harness';

/** The last commit before decision 21 (PGlite's buffer cache, initdb in a child process). */
const DEFAULT_BASELINE = 'b0b8be7';

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '2000' },
    build: { type: 'boolean', default: false },
    settle: { type: 'string', default: '5' },
    baseline: { type: 'string', default: DEFAULT_BASELINE },
  },
});
const streams = Number(args.streams);
const settleMs = Number(args.settle) * 1000;
const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (bytes: number) => bytes / 1024 / 1024;

/** Runs the build of `dir`; its output goes to stderr (stdout is the table). */

/** Resident memory of a process, from /proc. */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) * 1024;
}

type Server = { base: string; pid: number; stop(): Promise<void> };

/** `dir`'s dist/server/main.js on `dataDir` (kept for the restart), with `env` added. */
async function startServer(dir: string, dataDir: string, env: Record<string, string>): Promise<Server> {
  const server = await startBuiltServer(dir, { dataDir, env });
  return { base: server.base, pid: server.pid, stop: server.close };
}

/** Runs `fn` on every item, `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/** Opens the chat stream with this cookie; resolves with the request once its first bytes arrived. */
function openStream(base: string, cookie: string): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/chat/community/stream`,
      { agent: false, headers: { accept: 'text/event-stream', cookie } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`stream answered ${res.statusCode}`));
          return;
        }
        res.once('data', () => resolve(req));
        res.on('data', () => {});
      },
    );
    req.on('error', reject);
  });
}

type Figures = { first: number; restart: number; registered: number; streams: number };

/** The four figures of one server (a build folder and its environment), on a new data folder. */
async function measure(label: string, dir: string, env: Record<string, string>): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-memory-data-'));
  const say = (text: string) => process.stderr.write(`${label}: ${text}\n`);
  try {
    let server = await startServer(dir, dataDir, env);
    await sleep(settleMs);
    const first = rssOf(server.pid);
    say(`first start ${mib(first).toFixed(0)} MiB`);
    await server.stop();

    server = await startServer(dir, dataDir, env);
    await sleep(settleMs);
    const restart = rssOf(server.pid);
    say(`restart ${mib(restart).toFixed(0)} MiB; registering ${streams} members…`);

    const started = Date.now();
    const cookies = await pool(
      Array.from({ length: streams }, (_, i) => i),
      8,
      (i) => signUp(server.base, `memory-${i}@example.com`, loopbackAddress(i)),
    );
    await sleep(settleMs);
    const registered = rssOf(server.pid);
    say(
      `${streams} registered in ${((Date.now() - started) / 1000).toFixed(0)} s, ${mib(registered).toFixed(0)} MiB`,
    );

    const requests = await pool(cookies, 100, (cookie) => openStream(server.base, cookie));
    await sleep(settleMs);
    const open = rssOf(server.pid);
    say(`${streams} streams open, ${mib(open).toFixed(0)} MiB`);
    for (const req of requests) req.destroy();
    await server.stop();
    return { first, restart, registered, streams: open };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (args.build || !fs.existsSync(path.join(root, 'dist', 'server', 'main.js'))) build(root);

const runs: Array<{ label: string; figures: Figures }> = [];
runs.push({ label: 'this build', figures: await measure('this build', root, {}) });
if (args.baseline === 'settings') {
  const label = 'PGlite defaults';
  runs.push({
    label,
    figures: await measure(label, root, {
      PGLITE_SHARED_BUFFERS: '128MB',
      PGLITE_OPTIMIZING_COMPILER: 'true',
    }),
  });
} else if (args.baseline !== 'none') {
  const baseline = baselineBuild('memory', args.baseline);
  runs.push({ label: baseline.label, figures: await measure(baseline.label, baseline.dir, {}) });
}

const rows: Array<[string, (f: Figures) => number]> = [
  ['idle after the first start', (f) => f.first],
  ['idle after a restart', (f) => f.restart],
  [`after ${streams} registrations`, (f) => f.registered],
  [`with ${streams} streams open`, (f) => f.streams],
  [`streams − restart`, (f) => f.streams - f.restart],
  [`streams − registrations`, (f) => f.streams - f.registered],
];
console.log(`\nServer RSS (VmRSS, MiB), embedded database, ${settleMs / 1000} s after each step`);
console.log(
  ['', ...runs.map((r) => r.label), ...(runs.length > 1 ? ['ratio'] : [])]
    .map((c, i) => (i === 0 ? c.padEnd(34) : c.padStart(18)))
    .join(''),
);
for (const [name, pick] of rows) {
  const values = runs.map((r) => mib(pick(r.figures)));
  const ratio = values.length > 1 && values[1]! > 0 ? `${(values[0]! / values[1]!).toFixed(2)}×` : '';
  console.log(
    [
      name.padEnd(34),
      ...values.map((v) => v.toFixed(0).padStart(18)),
      ...(ratio ? [ratio.padStart(18)] : []),
    ].join(''),
  );
}
console.log('Goal: ≤ 256 MiB idle, and ≤ +64 MiB with 2,000 streams open.');
