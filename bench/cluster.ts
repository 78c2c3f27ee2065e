// Benchmark of scale-out (issue 16): the crowd of bench/chat-live --members on a cluster.
//
// node --import tsx bench/cluster.ts --members 2000 --rate 33 --seconds 30
//   One PostgreSQL server, one bucket (s3rver), three instances of the production build and nginx in
//   front (cluster/harness.ts; the Node proxy when nginx is missing or CLUSTER_PROXY=node). The members
//   register through the proxy; then the same crowd (each member holding the chat stream, member i
//   posting the i-th message) runs three times, in turn: on a bare Node SSE broadcaster
//   (bench/lib/bare-sse.ts), on one instance alone (the first, reached directly, the other two idle),
//   and through the proxy on the three. Prints delivery and post p50/p95/p99/max, lost deliveries,
//   errors and each instance's RSS (bench/lib/chat-members.ts does the measuring).
//
// node --import tsx bench/cluster.ts --capacity [--p99 500] [--members 250] [--seconds 20]
//   Answers "do three instances carry at least 2× the members one carries at the same p99?": runs the
//   crowd on one instance, growing it by half each time from --members, until delivery p99 passes
//   --p99 ms (or a delivery is lost); the last size under it is what one instance carries. Then runs
//   twice that crowd through the proxy on the three instances and says whether its p99 stays under.
//
// Flags: --instances N (3), --proxy-workers N (nginx worker processes, 1), --max-members N (8000).
import fs from 'node:fs';
import path from 'node:path';
import { startCluster, type Cluster } from '../cluster/harness';
import {
  header,
  line,
  ratios,
  registerMembers,
  rssOf,
  run,
  startBare,
  type Figures,
} from './lib/chat-members';

const flag = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const capacity = process.argv.includes('--capacity');
const rate = flag('rate', 33);
const seconds = flag('seconds', capacity ? 20 : 30);
const members = flag('members', capacity ? 250 : 2000);
const threshold = flag('p99', 500);
const maxMembers = flag('max-members', 8000);
const instanceCount = flag('instances', 3);

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

/** The resident memory of every process of a process group (nginx's master and workers). */
function groupRss(pgid: number): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      // pid (comm) state ppid pgrp …: the comm may hold spaces, so count from its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid) total += rssOf(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const cluster: Cluster = await startCluster({
  instances: instanceCount,
  logLevel: 'warn',
  proxyWorkers: flag('proxy-workers', 1),
});
// Ctrl-C: the cluster's processes and folders go with this one (harness.ts kills them on exit).
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));
const bare = await startBare(false);
const mailDirs = cluster.instances.map((i) => path.join(i.dataDir, 'mail'));
const pids = () => cluster.instances.map((i) => i.pid());
const one = cluster.instances[0]!;

/** Members registered so far (through the proxy), grown on demand. */
let cookies: string[] = [];
async function crowd(count: number): Promise<string[]> {
  if (cookies.length < count) {
    const started = Date.now();
    cookies = await registerMembers(cluster.url, count, mailDirs, cookies);
    console.log(
      `${count} members registered through the proxy in ${((Date.now() - started) / 1000).toFixed(0)} s ` +
        `(instances' RSS ${pids().map(rssOf).map(mib).join(' + ')})`,
    );
  }
  return cookies.slice(0, count);
}

const opts = (count: number) => ({ members: count, rate, seconds });

async function onBare(count: number): Promise<Figures> {
  const idle = [rssOf(bare.child.pid!)];
  const c = await crowd(count);
  const f = await run(
    opts(count),
    [bare.child.pid!],
    `${bare.base}/`,
    c.map(() => '-'),
    `${bare.base}/`,
    c,
  );
  line('bare SSE broadcaster', f, idle);
  return f;
}

async function onOne(count: number): Promise<Figures> {
  const c = await crowd(count);
  const idle = [rssOf(one.pid())];
  const f = await run(
    opts(count),
    [one.pid()],
    `${one.url}/api/chat/community/stream`,
    c,
    `${one.url}/api/chat/community`,
    c,
  );
  line('one instance', f, idle);
  return f;
}

async function onCluster(count: number): Promise<Figures> {
  const c = await crowd(count);
  const idle = pids().map(rssOf);
  const f = await run(
    opts(count),
    pids(),
    `${cluster.url}/api/chat/community/stream`,
    c,
    `${cluster.url}/api/chat/community`,
    c,
  );
  line(`${instanceCount} instances, ${cluster.proxy}`, f, idle);
  return f;
}

const describe = (count: number) =>
  console.log(
    `\n${count} streams, ${rate} messages/s for ${seconds} s: ${Math.round(rate * seconds)} posts, ` +
      `${Math.round(rate * seconds) * count} deliveries expected`,
  );
const sound = (f: Figures) => f.lost === 0 && f.errors.length + f.duplicates + f.outOfOrder === 0;

try {
  console.log(
    `PostgreSQL ${cluster.databaseUrl}, s3rver, ${instanceCount} instances (dist/server/main.js), ` +
      `proxy: ${cluster.proxy}`,
  );
  if (!capacity) {
    await crowd(members);
    describe(members);
    header();
    const b = await onBare(members);
    const o = await onOne(members);
    const c = await onCluster(members);
    ratios('one instance / bare', o, b);
    ratios(`${instanceCount} instances / bare`, c, b);
    ratios(`${instanceCount} instances / one instance`, c, o, ' (goal: 0 lost, 0 errors)');
  } else {
    // One instance: grow the crowd until its p99 passes the threshold.
    let carried = 0;
    let carriedP99 = 0;
    let over: { count: number; p99: number } | undefined;
    for (let count = members; count <= maxMembers; count = Math.ceil(count * 1.5)) {
      await crowd(count);
      describe(count);
      header();
      const f = await onOne(count);
      if (f.delivery.p99 > threshold || !sound(f)) {
        over = { count, p99: f.delivery.p99 };
        break;
      }
      carried = count;
      carriedP99 = f.delivery.p99;
    }
    if (carried === 0) {
      console.log(
        `\none instance is over p99 ${threshold} ms already at ${members} members: lower --members`,
      );
    } else {
      const target = 2 * carried;
      await crowd(target);
      describe(target);
      header();
      const f = await onCluster(target);
      const met = f.delivery.p99 <= threshold && sound(f);
      console.log(
        `\none instance carries ${carried} members at delivery p99 ≤ ${threshold} ms (p99 ${carriedP99} ms)` +
          (over ? ` (${over.count} gave p99 ${over.p99} ms)` : ` (stopped at --max-members ${maxMembers})`) +
          `;\n${instanceCount} instances with ${target} members (2×): p99 ${f.delivery.p99} ms, lost ${f.lost}, ` +
          `errors ${f.errors.length + f.duplicates + f.outOfOrder} → goal ${met ? 'met' : 'NOT met'} ` +
          `(three instances carry at least 2× the members one carries at the same p99)`,
      );
    }
  }
  console.log(`proxy (${cluster.proxy}, every process) RSS ${mib(groupRss(cluster.proxyPid()))}`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  bare.child.kill();
  await cluster.close();
}
process.exit();
