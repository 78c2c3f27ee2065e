// bench/chat-live --members: the server and a bare broadcaster, each in a process of its own, the
// streams in a third, the posts from this one. See bench/chat-live.ts. bench/cluster.ts measures
// the same crowd with the same pieces (registration, run, line, the bare broadcaster).
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { loopbackAddress, signUp } from './harness';
import type { StreamResults } from './sse-members';

export type Options = {
  members: number;
  rate: number;
  seconds: number;
  /** The share of messages (in %) that mention another member (decision 57): their notifications are timed too. */
  mentions?: number;
  /** Leave out the bare broadcasters' runs (the mention run compares notifications with messages). */
  bare?: boolean;
};
export type Figures = {
  delivery: Quantiles;
  post: Quantiles;
  lost: number;
  duplicates: number;
  outOfOrder: number;
  errors: string[];
  /** Each server process's resident memory with the streams open, then at the end. */
  rssStreams: number[];
  rssEnd: number[];
  /** The share of the whole machine's CPU time (every core) that was busy while the posts went out. */
  cpuBusy: number;
  /** Mentions' notifications, timed from their message's post: how fast, how many expected, how many lost. */
  notification: Quantiles;
  notifications: number;
  notificationsLost: number;
};
export type Quantiles = { p50: number; p95: number; p99: number; max: number };

const root = path.join(import.meta.dirname, '..', '..');

/** The machine's CPU time so far, busy and total, in clock ticks over every core (/proc/stat). */
export function cpuTimes(): { busy: number; total: number } {
  const fields = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;
const mibs = (each: number[]) => each.map(mib).join(' + ');

/** Resident memory of a process, from /proc. */
export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

export function quantiles(pairs: Array<[number, number]>): Quantiles {
  const total = pairs.reduce((n, [, c]) => n + c, 0);
  const at = (q: number) => {
    const rank = Math.min(total - 1, Math.floor(q * total));
    let seen = 0;
    for (const [ms, c] of pairs) {
      seen += c;
      if (seen > rank) return ms;
    }
    return pairs.at(-1)?.[0] ?? 0;
  };
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: pairs.at(-1)?.[0] ?? 0 };
}

/** server/main.ts in a process of its own, on a fresh data folder; resolves once it answers. */
export async function startServer(dataDir: string) {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(root, 'server', 'main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600) throw new Error('the server did not start');
    await sleep(100);
  }
  return { child, base };
}

export async function startBare(batched: boolean) {
  const child = fork(path.join(import.meta.dirname, 'bare-sse.ts'), batched ? ['--batched'] : [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((r) => child.once('message', (m: { port: number }) => r(m.port)));
  return { child, base: `http://127.0.0.1:${port}` };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One post; resolves with its latency in ms, or throws. */
function post(url: string, cookie: string, content: string): Promise<number> {
  const body = JSON.stringify({ content, messageType: 'text' });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 201
            ? resolve(performance.now() - started)
            : reject(new Error(`post answered ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Opens the streams (in a child process), posts at the rate, and collects what arrived; the memory
 * figures are those of `serverPids` (the processes serving the streams).
 */
export async function run(
  opts: Options,
  serverPids: number[],
  streamUrl: string,
  streamCookies: string[],
  postUrl: string,
  posterCookies: string[],
  /** The handle message `i` mentions, if any (its member's stream is then sent a notification). */
  mentionOf: (i: number) => string | undefined = () => undefined,
): Promise<Figures> {
  const total = Math.round(opts.rate * opts.seconds);
  let notifications = 0;
  for (let i = 0; i < total; i++) if (mentionOf(i) !== undefined) notifications += 1;
  const clients: ChildProcess = fork(path.join(import.meta.dirname, 'sse-members.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>() => new Promise<T>((r) => clients.once('message', (m) => r(m as T)));
  const ready = next<{ failed: number }>();
  clients.send({ url: streamUrl, cookies: streamCookies, posts: total, notifications });
  const { failed } = await ready;
  if (failed > 0) console.warn(`${failed} streams failed to open`);
  await sleep(1000);
  const rssStreams = serverPids.map(rssOf);

  const postLatencies: number[] = [];
  const errors: string[] = [];
  const pending: Array<Promise<void>> = [];
  const gap = 1000 / opts.rate;
  const cpu0 = cpuTimes();
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = t0 + i * gap - performance.now();
    if (wait > 0) await sleep(wait);
    const mention = mentionOf(i);
    // The time and seq first: a notification's excerpt starts with them.
    const content = `sentAt=${Date.now()} seq=${i} ${mention ? `@${mention} ` : ''}film review at six, bring your clips.`;
    pending.push(
      post(postUrl, posterCookies[i % posterCookies.length]!, content).then(
        (ms) => void postLatencies.push(ms),
        (err: Error) => void errors.push(err.message),
      ),
    );
  }
  await Promise.all(pending);
  const cpu1 = cpuTimes();
  const done = next<StreamResults>();
  clients.send({ finish: 10_000 });
  const results = await done;
  const rssEnd = serverPids.map(rssOf);
  const postPairs = new Map<number, number>();
  for (const ms of postLatencies) postPairs.set(Math.round(ms), (postPairs.get(Math.round(ms)) ?? 0) + 1);
  return {
    delivery: quantiles(results.histogram),
    post: quantiles([...postPairs.entries()].sort((a, b) => a[0] - b[0])),
    lost: results.lost,
    duplicates: results.duplicates,
    outOfOrder: results.outOfOrder,
    errors: [...errors, ...results.errors],
    rssStreams,
    rssEnd,
    cpuBusy: (cpu1.busy - cpu0.busy) / Math.max(1, cpu1.total - cpu0.total),
    notification: quantiles(results.notificationHistogram),
    notifications,
    notificationsLost: results.notificationsLost,
  };
}

/**
 * Registers `count` members through `base` (8 at a time, each from a loopback address of its own,
 * so the registration limit of 20 an address is never reached), then waits until their confirmation mails are written out
 * to the `mailDirs` (the file outbox of each server), so the mail worker is idle while we measure.
 * Member i is `member{i}`, so a second call for more members continues where `from` left off.
 */
export async function registerMembers(
  base: string,
  count: number,
  mailDirs: string[],
  from: string[] = [],
): Promise<string[]> {
  const cookies = [...from];
  let nextMember = from.length;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (nextMember < count) {
        const i = nextMember++;
        cookies[i] = await signUp(base, `member${i}.${stamp}@example.com`, loopbackAddress(i));
      }
    }),
  );
  const written = () =>
    mailDirs.reduce(
      (n, dir) => n + (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).length : 0),
      0,
    );
  for (let i = 0; i < 600 && written() < count; i++) await sleep(200);
  return cookies;
}

const stamp = Date.now().toString(36);

/** The head of the table `line()` writes rows of. */
export function header() {
  console.log(
    `${''.padEnd(22)} delivery ms             post ms                  lost errors   server RSS\n` +
      `${''.padEnd(22)}   p50   p95   p99   max     p50   p95   p99   max`,
  );
}

/** Prints `a`'s delivery and post latencies as multiples of `b`'s. */
export function ratios(label: string, a: Figures, b: Figures, goal = '') {
  const ratio = (x: number, y: number) => (y === 0 ? '–' : `${(x / y).toFixed(2)}×`);
  console.log(
    `ratio ${label}: delivery p50 ${ratio(a.delivery.p50, b.delivery.p50)}, p95 ${ratio(a.delivery.p95, b.delivery.p95)}, ` +
      `p99 ${ratio(a.delivery.p99, b.delivery.p99)}, max ${ratio(a.delivery.max, b.delivery.max)}; ` +
      `post p95 ${ratio(a.post.p95, b.post.p95)}${goal}`,
  );
}

/** One row of the table headed by `header()`; `rssIdle`: each server process's memory before. */
export function line(label: string, f: Figures, rssIdle: number[]) {
  const q = (x: Quantiles) =>
    `${String(x.p50).padStart(5)} ${String(x.p95).padStart(5)} ${String(x.p99).padStart(5)} ${String(x.max).padStart(5)}`;
  const errors = f.errors.length + f.duplicates + f.outOfOrder;
  console.log(
    `${label.padEnd(22)} ${q(f.delivery)}   ${q(f.post)}   ${String(f.lost).padStart(5)} ${String(errors).padStart(6)}   ` +
      `${mibs(rssIdle)} idle, ${mibs(f.rssStreams)} streams open, ${mibs(f.rssEnd)} at the end; ` +
      `machine CPU ${Math.round(f.cpuBusy * 100)} % busy (${os.cpus().length} cores)`,
  );
  const distinct = [...new Set(f.errors)];
  for (const e of distinct.slice(0, 5)) console.log(`  ${f.errors.filter((x) => x === e).length}× ${e}`);
  if (f.duplicates) console.log(`  ${f.duplicates} duplicate deliveries`);
  if (f.outOfOrder) console.log(`  ${f.outOfOrder} deliveries out of id order`);
}

/**
 * Which member message `i` mentions: `percent` % of the messages (every k-th), each a member other than
 * its poster (member i % n posts message i; it mentions member (i + n/2) % n), by the handle
 * /api/auth/me gives them.
 */
async function mentionPlan(base: string, cookies: string[], percent: number) {
  if (percent <= 0) return () => undefined;
  const every = Math.max(1, Math.round(100 / percent));
  const n = cookies.length;
  const handles = new Map<number, string>();
  const of = (i: number) => (i + Math.floor(n / 2)) % n;
  const wanted = new Set<number>();
  for (let i = 0; i < n * 2; i += every) wanted.add(of(i));
  await Promise.all(
    [...wanted].map(async (m) => {
      const res = await fetch(`${base}/api/auth/me`, { headers: { cookie: cookies[m]! } });
      handles.set(m, ((await res.json()) as { user: { username: string } }).user.username);
    }),
  );
  return (i: number) => (i % every === 0 ? handles.get(of(i)) : undefined);
}

/** The notifications of a run with mentions, beside its messages (goal: p95 within 1.5×, none lost). */
export function notificationLine(f: Figures) {
  const q = f.notification;
  const ratio = f.delivery.p95 === 0 ? '–' : `${(q.p95 / f.delivery.p95).toFixed(2)}×`;
  console.log(
    `${'  its notifications'.padEnd(22)} ${String(q.p50).padStart(5)} ${String(q.p95).padStart(5)} ${String(q.p99).padStart(5)} ${String(q.max).padStart(5)}` +
      `   ${f.notifications} mentions, ${f.notificationsLost} notifications lost`,
  );
  console.log(
    `ratio notification / message delivery in the same run: p95 ${ratio} ` +
      `(${q.p95} ms / ${f.delivery.p95} ms; goal ≤ 1.5×, 0 lost)`,
  );
}

export async function runMembers(opts: Options) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-bench-'));
  const bare = await startBare(false);
  const batched = await startBare(true);
  const app = await startServer(dataDir);
  try {
    await sleep(2000);
    const idle = rssOf(app.child.pid!);
    const bareIdle = rssOf(bare.child.pid!);
    const batchedIdle = rssOf(batched.child.pid!);

    const started = Date.now();
    const cookies = await registerMembers(app.base, opts.members, [path.join(dataDir, 'mail')]);
    const registered = rssOf(app.child.pid!);
    const total = Math.round(opts.rate * opts.seconds);
    console.log(
      `${opts.members} members registered in ${((Date.now() - started) / 1000).toFixed(0)} s ` +
        `(server RSS ${mib(registered)}); database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded (PGlite)'}`,
    );
    console.log(
      `${opts.members} streams, ${opts.rate} messages/s for ${opts.seconds} s: ${total} posts, ` +
        `${total * opts.members} deliveries expected`,
    );
    const withMentions = (opts.mentions ?? 0) > 0;
    const mentionOf = await mentionPlan(app.base, cookies, opts.mentions ?? 0);
    if (withMentions) console.log(`${opts.mentions} % of the messages mention another member`);
    header();
    if (opts.bare === false) {
      const t = await run(
        opts,
        [app.child.pid!],
        `${app.base}/api/live?chat=1`,
        cookies,
        `${app.base}/api/chat/community`,
        cookies,
        mentionOf,
      );
      line('Tribe36 /api/live', t, [idle]);
      if (withMentions) notificationLine(t);
      return;
    }
    const b = await run(
      opts,
      [bare.child.pid!],
      `${bare.base}/`,
      cookies.map(() => '-'),
      `${bare.base}/`,
      cookies,
    );
    line('bare SSE broadcaster', b, [bareIdle]);
    const bb = await run(
      opts,
      [batched.child.pid!],
      `${batched.base}/`,
      cookies.map(() => '-'),
      `${batched.base}/`,
      cookies,
    );
    line('bare, batched per tick', bb, [batchedIdle]);
    const t = await run(
      opts,
      [app.child.pid!],
      `${app.base}/api/chat/community/stream`,
      cookies,
      `${app.base}/api/chat/community`,
      cookies,
      mentionOf,
    );
    line('Tribe36 stream', t, [idle]);
    if (withMentions) notificationLine(t);
    ratios('Tribe36 / bare', t, b, ' (goal: 0 lost, 0 errors, p95 and p99 ≤ 1.5×)');
    ratios('Tribe36 / bare batched per tick', t, bb);
  } finally {
    agent.destroy();
    bare.child.kill();
    batched.child.kill();
    app.child.kill('SIGTERM');
    await new Promise((r) => app.child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
