// Latency under load, in a process of its own (so that the load does not share the server's event
// loop): reads a LatencyJob as JSON on stdin, sends its visits over `connections` keep-alive
// connections, each connection one visit after the other, and writes a LatencyResult as JSON to stdout.
// A visit is one or more requests sent together; its latency is until the last answer is read.
// Started by runLatency (bench/lib/latency.ts).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LatencyJob, LatencyResult, LatencyRequest } from './latency';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const job = JSON.parse(input) as LatencyJob;

const widest = Math.max(...job.visits.map((v) => v.length));
const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections * widest });

function send(r: LatencyRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${job.base}${r.path}`, { agent, headers: r.headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const times: number[] = [];
const unexpected: string[] = [];
let next = 0;
let started = 0;
async function connection() {
  for (;;) {
    const i = next++;
    if (i >= job.warmup + job.count) return;
    if (i === job.warmup) started = performance.now();
    const visit = job.visits[i % job.visits.length]!;
    const t0 = performance.now();
    const statuses = await Promise.all(visit.map(send));
    const ms = performance.now() - t0;
    statuses.forEach((status, k) => {
      const r = visit[k]!;
      if (!r.expect.includes(status) && unexpected.length < 5) unexpected.push(`${r.path}: ${status}`);
    });
    if (i >= job.warmup) times.push(ms);
  }
}
await Promise.all(Array.from({ length: job.connections }, connection));
const seconds = (performance.now() - started) / 1000;
agent.destroy();
const result: LatencyResult = { times, seconds, unexpected };
process.stdout.write(JSON.stringify(result));
