// Benchmark of lesson discussions with many members on lesson pages (decision 58): polling, as before,
// against events on the tab's one live connection.
//
// node --import tsx bench/discussion-live.ts --members 2000 --threads 10 --seconds 20 --rate 2
//   Registers the members through the API (as bench/chat-live.ts does), seeds each of `threads` lesson
//   discussions with 20 messages, and puts member i on thread i % threads. Then, for `seconds` each:
//   - polling: every member asks for their thread every 1.5 s (GET /api/discussions/…, the whole thread,
//     what the client did before decision 58), from a child process (bench/lib/discussion-pollers.ts);
//   - events: every member holds GET /api/live?discussion=… (bench/lib/sse-members.ts), and new messages
//     arrive as events;
//   with `rate` messages a second posted to the threads in turn in both. Prints, side by side, the
//   requests a second the server answered, its CPU (its process's user + system time over the window,
//   as a share of one core), and the machine's CPU; for events also the delivery p50/p95 and lost
//   deliveries, for polling the poll's answer time (at most 60 s is told apart) and the rate it asked
//   for. The server runs as its own process (server/main.ts). On the embedded database every query
//   waits its turn on its one connection, so polling is answered only as fast as it reads threads.
//   On PostgreSQL: BENCH_DATABASE_URL=postgres://… (a database of its own: the bench leaves its rows).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { cpuTimes, quantiles, registerMembers, rssOf, startServer, type Quantiles } from './lib/chat-members';
import type { PollResults } from './lib/discussion-pollers';
import { TOPICS } from '../common/curriculum';
import type { StreamResults } from './lib/sse-members';

const flag = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MEMBERS = flag('members', 2000);
const THREADS = flag('threads', 10);
const SECONDS = flag('seconds', 20);
const RATE = flag('rate', 2);
const POLL_MS = 1500;

/** Lesson discussions: the curriculum's lessons, in order. */
const LESSONS = TOPICS.flatMap((t) => t.lessons.map((l) => `${t.area}/${t.slug}/${l}`));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TICKS = 100; // clock ticks a second (/proc/<pid>/stat's utime and stime)
/** A process's CPU time so far in seconds (user + system), from /proc. */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

async function postTo(base: string, cookie: string, thread: string, text: string): Promise<boolean> {
  const res = await fetch(`${base}/api/discussions/${thread}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  await res.arrayBuffer();
  return res.status === 201;
}

type Row = {
  label: string;
  requests: number;
  serverCpu: number;
  machineCpu: number;
  latency: Quantiles;
  latencyLabel: string;
  lost?: number;
  errors: number;
};

/** Posts `RATE` messages a second for `SECONDS` to the threads in turn; message k goes to thread k % n. */
async function postLoad(base: string, cookies: string[], threads: string[]) {
  const total = Math.round(RATE * SECONDS);
  const gap = 1000 / RATE;
  const t0 = performance.now();
  let failed = 0;
  const pending: Array<Promise<void>> = [];
  for (let k = 0; k < total; k++) {
    const wait = t0 + k * gap - performance.now();
    if (wait > 0) await sleep(wait);
    const text = `sentAt=${Date.now()} seq=${k} how do you hold the breath on the third set?`;
    pending.push(
      postTo(base, cookies[(k * 7919) % cookies.length]!, threads[k % threads.length]!, text).then((ok) => {
        if (!ok) failed += 1;
      }),
    );
  }
  await Promise.all(pending);
  return { total, failed };
}

async function main() {
  const threads = LESSONS.slice(0, THREADS);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-bench-'));
  const app = await startServer(dataDir);
  const pid = app.child.pid!;
  try {
    const started = Date.now();
    const cookies = await registerMembers(app.base, MEMBERS, [path.join(dataDir, 'mail')]);
    console.log(
      `${MEMBERS} members registered in ${((Date.now() - started) / 1000).toFixed(0)} s; database: ` +
        `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded (PGlite)'}; ${os.cpus().length} cores, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} before the runs`,
    );
    // Each thread holds 20 messages, as a lesson with some talk does.
    for (let k = 0; k < threads.length * 20; k++) {
      await postTo(app.base, cookies[k % cookies.length]!, threads[k % threads.length]!, `Seed message ${k}`);
    }
    console.log(
      `${MEMBERS} members on ${threads.length} lesson pages (${Math.round(MEMBERS / threads.length)} a thread of 20+ messages), ` +
        `${RATE} new messages a second, ${SECONDS} s each`,
    );
    const rows: Row[] = [];

    // Polling, every 1.5 s each.
    {
      const pollers = fork(path.join(import.meta.dirname, 'lib', 'discussion-pollers.ts'), [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const done = new Promise<PollResults>((r) => pollers.once('message', (m) => r(m as PollResults)));
      const cpu0 = cpuOf(pid);
      const m0 = cpuTimes();
      const w0 = performance.now();
      pollers.send({ base: app.base, cookies, threads, intervalMs: POLL_MS, seconds: SECONDS });
      const posts = await postLoad(app.base, cookies, threads);
      const results = await done;
      const wall = (performance.now() - w0) / 1000;
      const m1 = cpuTimes();
      rows.push({
        label: 'polling every 1.5 s',
        requests: (results.requests + posts.total) / wall,
        serverCpu: (cpuOf(pid) - cpu0) / wall,
        machineCpu: (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total),
        latency: quantiles(results.histogram),
        latencyLabel: 'poll answered',
        errors: results.errors + posts.failed,
      });
    }
    await sleep(2000);

    // Events on GET /api/live?discussion=…
    {
      const total = Math.round(RATE * SECONDS);
      const expected = cookies.map((_, i) => {
        let n = 0;
        for (let k = 0; k < total; k++) if (k % threads.length === i % threads.length) n += 1;
        return n;
      });
      const clients = fork(path.join(import.meta.dirname, 'lib', 'sse-members.ts'), [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const next = <T>() => new Promise<T>((r) => clients.once('message', (m) => r(m as T)));
      const ready = next<{ failed: number }>();
      clients.send({
        url: `${app.base}/api/live`,
        urls: cookies.map((_, i) => `${app.base}/api/live?discussion=${threads[i % threads.length]}`),
        cookies,
        posts: total,
        expected,
      });
      const { failed } = await ready;
      if (failed > 0) console.warn(`${failed} streams failed to open`);
      await sleep(1000);
      const rssStreams = rssOf(pid);
      const cpu0 = cpuOf(pid);
      const m0 = cpuTimes();
      const w0 = performance.now();
      const posts = await postLoad(app.base, cookies, threads);
      const done = next<StreamResults>();
      clients.send({ finish: 10_000 });
      const results = await done;
      const wall = (performance.now() - w0) / 1000;
      const m1 = cpuTimes();
      rows.push({
        label: 'events (/api/live)',
        requests: posts.total / wall,
        serverCpu: (cpuOf(pid) - cpu0) / wall,
        machineCpu: (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total),
        latency: quantiles(results.histogram),
        latencyLabel: 'message delivered',
        lost: results.lost,
        errors: results.errors.length + results.duplicates + posts.failed,
      });
      console.log(
        `server RSS with ${MEMBERS} live streams open: ${Math.round(rssStreams / 1024 / 1024)} MiB`,
      );
      clients.kill();
    }

    console.log(
      `${''.padEnd(22)} requests/s   server CPU   machine CPU   latency p50   p95   max  (what)                 lost errors`,
    );
    for (const r of rows) {
      console.log(
        `${r.label.padEnd(22)} ${r.requests.toFixed(1).padStart(10)}   ${`${Math.round(r.serverCpu * 100)} %`.padStart(10)}   ` +
          `${`${Math.round(r.machineCpu * 100)} %`.padStart(11)}   ${String(r.latency.p50).padStart(11)} ${String(r.latency.p95).padStart(5)} ${String(r.latency.max).padStart(5)}  ` +
          `(${r.latencyLabel})`.padEnd(22) +
          ` ${r.lost === undefined ? '    –' : String(r.lost).padStart(5)} ${String(r.errors).padStart(6)}`,
      );
    }
    const [p, e] = rows;
    console.log(
      `polling asked for ${(MEMBERS / (POLL_MS / 1000) + RATE).toFixed(0)} requests/s (${MEMBERS} members every ` +
        `${POLL_MS / 1000} s, and the posts) and was answered ${p!.requests.toFixed(1)}/s; ` +
        `events: ${MEMBERS} streams held, only the posts are requests`,
    );
    console.log(
      `events / polling: requests ${(e!.requests / p!.requests).toFixed(3)}×, server CPU ${(e!.serverCpu / Math.max(0.001, p!.serverCpu)).toFixed(2)}× ` +
        `(server CPU is its process's time as a share of one core)`,
    );
  } finally {
    app.child.kill('SIGTERM');
    await new Promise((r) => app.child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
