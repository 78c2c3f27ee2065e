// Writes a brotli (.br, maximum quality) and a gzip (.gz, level 9) copy beside every text file of the
// built client, so the server sends them as they are (@fastify/static preCompressed) and never
// compresses a static file per request. A copy that would not be smaller is not written.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
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

/** Compresses every text file under `dir`; returns [{ file, raw, br, gz }] with the sizes in bytes. */
export async function compressAssets(dir) {
  const results = [];
  for await (const file of textFiles(dir)) {
    const raw = await fs.readFile(file);
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    // Stale copies from an earlier build must not outlive a file that no longer compresses.
    await Promise.all([fs.rm(`${file}.br`, { force: true }), fs.rm(`${file}.gz`, { force: true })]);
    if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
    if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
    results.push({ file, raw: raw.length, br: br.length, gz: gz.length });
  }
  return results;
}
