// Benchmark: a 1 GiB video through an upload URL (PUT, streamed to the blob store), beside a plain
// stream copy of the same file on the same disk, in the same script. Prints the server's peak
// memory increase and both throughputs. Goals (docs/architecture.md "Performance budgets"): memory increase < 64 MiB; throughput
// ≥ 0.5× the copy. The upload is sent by curl, in its own process.
// With --s3 the blob store is an S3 bucket served by s3rver in a child process (so its memory is not
// counted), and the baseline copy is the same.
// Usage: node --import tsx bench/upload.ts [MiB] [--s3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawn } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { startApp } from './lib/harness';

const args = process.argv.slice(2);
const S3 = args.includes('--s3');
const SIZE_MIB = Number(args.find((a) => a !== '--s3') ?? 1024);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-bench-upload-'));
const source = path.join(dir, 'lesson.webm');

// A WebM head (a real MediaRecorder clip) and then filler up to the size.
const head = fs.readFileSync(path.join(import.meta.dirname, '..', 'test', 'fixtures', 'clip.webm'));
{
  const out = fs.openSync(source, 'w');
  fs.writeSync(out, head);
  const block = Buffer.alloc(8 * 1024 * 1024, 0x5a);
  let left = SIZE_MIB * 1024 * 1024 - head.length;
  while (left > 0) left -= fs.writeSync(out, block, 0, Math.min(block.length, left));
  fs.closeSync(out);
}
const bytes = fs.statSync(source).size;
const mibps = (ms: number) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(0);

// Baseline: a plain stream copy on the same disk.
const copyStarted = performance.now();
await pipeline(fs.createReadStream(source), fs.createWriteStream(path.join(dir, 'copy.webm')));
const copyMs = performance.now() - copyStarted;
fs.rmSync(path.join(dir, 'copy.webm'));

/** s3rver with one bucket, in its own process; resolves to its endpoint. */
async function startS3(): Promise<{ endpoint: string; stop(): void }> {
  const script = `
    const S3rver = require('s3rver');
    new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(path.join(dir, 's3'))},
      configureBuckets: [{ name: 'bench', configs: [] }] })
      .run().then((a) => console.log(a.port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d) => resolve(String(d).trim())),
  );
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

const s3 = S3 ? await startS3() : null;
const app = await startApp(
  s3
    ? {
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'bench',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }
    : {},
);
const email = 'coach@bench.example';
const reg = await fetch(`${app.base}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password: 'bench-password' }),
});
const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
await app.app.ctx.users.setAdmin(email, true);
await app.app.ctx.sessions.userChanged((await reg.json()).user.id);
const { uploadURL } = (await (
  await fetch(`${app.base}/api/videos/upload-url`, { method: 'POST', headers: { cookie } })
).json()) as {
  uploadURL: string;
};

global.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const started = performance.now();
const { stdout } = await promisify(execFile)('curl', [
  '-sS',
  '-X',
  'PUT',
  '-H',
  'content-type: video/webm',
  '-H',
  'expect:',
  '--upload-file',
  source,
  '-w',
  '\n%{http_code}',
  `${app.base}${uploadURL}`,
]);
const uploadMs = performance.now() - started;
clearInterval(sampler);
if (!stdout.trim().endsWith('200')) throw new Error(`upload failed: ${stdout}`);

console.log(`${SIZE_MIB} MiB file, stored ${s3 ? 'in an S3 bucket (s3rver)' : 'on the local disk'}`);
console.log(`plain stream copy        ${(copyMs / 1000).toFixed(2)} s  ${mibps(copyMs)} MiB/s`);
console.log(`PUT to the upload URL    ${(uploadMs / 1000).toFixed(2)} s  ${mibps(uploadMs)} MiB/s`);
console.log(
  s3
    ? `throughput ${(copyMs / uploadMs).toFixed(2)}× the copy (bound by s3rver, which writes every part twice; the goal is for the local disk)`
    : `throughput ${(copyMs / uploadMs).toFixed(2)}× the copy (goal ≥ 0.5)`,
);
console.log(
  `server memory: peak +${((peak - baseline) / 1024 / 1024).toFixed(1)} MiB over ${(baseline / 1024 / 1024).toFixed(0)} MiB (goal < 64 MiB)`,
);

await app.close();
s3?.stop();
fs.rmSync(dir, { recursive: true, force: true });
