// Benchmark: a signed-in GET /api/auth/me (session and user from the in-memory cache, DESIGN.md
// decision 6) against a bare Node http server answering the same bytes, in the same process.
// Usage: npm run bench  (or: node --import tsx bench/session-lookup.ts [seconds] [connections])
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 50);

const autocannonCli = path.join(import.meta.dirname, '..', 'node_modules', 'autocannon', 'autocannon.js');

/** Load from a separate process (autocannon's CLI), so the load generator does not share our event loop. */
async function measure(url: string, headers: Record<string, string>) {
  const args = [autocannonCli, '--json', '-c', String(connections), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const { stdout } = await promisify(execFile)(process.execPath, [...args, url], { maxBuffer: 1 << 24 });
  const result = JSON.parse(stdout);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average as number, p99: result.latency.p99 as number };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const database = await openDatabase({
  dataDir: path.join(dataDir, 'db'),
  migrationsDir: config.migrationsDir,
});
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const reg = await fetch(`${base}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
});
const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
const me = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
const body = await me.text();
const headers = Object.fromEntries(
  [...me.headers.entries()].filter(
    ([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k),
  ),
);

const bare = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/auth/me`;

// Alternate the two, twice, and keep each one's best run: less noise on a shared 2-core machine.
let baseline = { rps: 0, p99: 0 };
let ours = { rps: 0, p99: 0 };
for (let round = 0; round < 2; round++) {
  const b = await measure(bareUrl, {});
  const o = await measure(`${base}/api/auth/me`, { cookie });
  if (b.rps > baseline.rps) baseline = b;
  if (o.rps > ours.rps) ours = o;
}

console.log(`bare node http          ${baseline.rps.toFixed(0).padStart(8)} req/s  p99 ${baseline.p99} ms`);
console.log(`GET /api/auth/me (ours) ${ours.rps.toFixed(0).padStart(8)} req/s  p99 ${ours.p99} ms`);
console.log(
  `ratio ${(ours.rps / baseline.rps).toFixed(2)}× the bare server (${connections} connections, ${seconds} s each)`,
);

bare.close();
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
