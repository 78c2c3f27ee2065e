// Request latency from a separate process (bench/lib/latency-load.ts): percentiles of many visits,
// each visit one request or a few sent together, over a few keep-alive connections.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { quantile } from './harness';

export type LatencyRequest = { path: string; headers: Record<string, string>; expect: number[] };
export type LatencyJob = {
  base: string;
  /** Sent in turn, round and round: visit i is visits[i % visits.length]. */
  visits: LatencyRequest[][];
  /** Visits sent first and not counted. */
  warmup: number;
  count: number;
  connections: number;
};
export type LatencyResult = { times: number[]; seconds: number; unexpected: string[] };
export type Latency = { p50: number; p95: number; p99: number; rps: number; count: number };

const client = path.join(import.meta.dirname, 'latency-load.ts');

/** Runs the job in a child process; throws when any answer had a status the job did not expect. */
export async function runLatency(job: LatencyJob): Promise<Latency> {
  const child = spawn(process.execPath, ['--import', 'tsx', client], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.stdin.end(JSON.stringify(job));
  const code = await exited;
  if (code !== 0) throw new Error(`the load process ended with ${code}`);
  const r = JSON.parse(out) as LatencyResult;
  if (r.unexpected.length > 0) throw new Error(`unexpected answers: ${r.unexpected.join(', ')}`);
  const sorted = [...r.times].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    rps: sorted.length / r.seconds,
    count: sorted.length,
  };
}
