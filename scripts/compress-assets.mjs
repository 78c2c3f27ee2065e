// Writes a brotli (.br, maximum quality) and a gzip (.gz, level 9) copy beside every text file of the
// built client, so the server sends them as they are (@fastify/static preCompressed) and never
// compresses a static file per request. A copy that would not be smaller is not written.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.map',
  // Not text, but they shrink: the pose model's WebAssembly (to 22 %) and its packed data (71 %).
  // Its .tflite models do not (89 %): they are sent as they are (issue 19).
  '.wasm',
  '.data',
]);

async function* textFiles(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(file);
    else if (COMPRESSIBLE_EXTENSIONS.has(path.extname(entry.name))) yield file;
  }
}

/**
 * Compressed copies of earlier builds, by the SHA-256 of the raw file: the pose model's WebAssembly and
 * data (12 MB, the same in every build) take about 70 s at brotli's maximum quality on one core, which
 * a rebuild (`npm test` after `npm start`, a change to the client) need not pay again.
 */
const CACHE_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'node_modules',
  '.cache',
  'tribe36-compress',
);
/** Changes whenever the compression settings below change, so that old copies are not reused. */
const CACHE_VERSION = 'br11-text.gz9';

async function compressed(raw) {
  const key = crypto.createHash('sha256').update(CACHE_VERSION).update(raw).digest('hex');
  const cached = path.join(CACHE_DIR, key);
  const [br, gz] = await Promise.all([fs.readFile(`${cached}.br`), fs.readFile(`${cached}.gz`)]).catch(
    () => [],
  );
  if (br && gz) return { br, gz };
  const fresh = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A cache that cannot be written (read-only node_modules) only costs the next build its time.
  await fs
    .mkdir(CACHE_DIR, { recursive: true })
    .then(() => writeAtomically(`${cached}.br`, fresh[0]))
    .then(() => writeAtomically(`${cached}.gz`, fresh[1]))
    .catch(() => {});
  return { br: fresh[0], gz: fresh[1] };
}

async function writeAtomically(file, data) {
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file);
}

/**
 * Compresses every text file under `dir`; returns [{ file, raw, br, gz }] with the sizes in bytes.
 * Files are compressed a few at a time: zlib's asynchronous calls run on libuv's thread pool, so the
 * big ones share every core.
 */
export async function compressAssets(dir) {
  const files = [];
  for await (const file of textFiles(dir)) files.push(file);
  const results = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const file = files[index];
      const raw = await fs.readFile(file);
      const { br, gz } = await compressed(raw);
      // Stale copies from an earlier build must not outlive a file that no longer compresses.
      await Promise.all([fs.rm(`${file}.br`, { force: true }), fs.rm(`${file}.gz`, { force: true })]);
      if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
      if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
      results[index] = { file, raw: raw.length, br: br.length, gz: gz.length };
    }
  };
  // Two brotli jobs per core at most: libuv's pool has 4 threads unless UV_THREADPOOL_SIZE says more.
  const parallel = Math.max(1, Math.min(4, os.availableParallelism()));
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}
