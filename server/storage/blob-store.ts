import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { BLOB_KEY_PATTERN, newBlobKey, type BlobStore } from './blob';

/** Blob store on the local disk. Writes go to a temporary file renamed into place when complete. */
export function localBlobStore(root: string): BlobStore {
  const tmpDir = path.join(root, '.tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  // Leftovers of a process killed mid-upload.
  for (const name of fs.readdirSync(tmpDir)) fs.rmSync(path.join(tmpDir, name), { force: true });

  function fileOf(key: string): string {
    if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
    return path.join(root, key);
  }

  return {
    newKey: newBlobKey,
    async write(key, body) {
      const target = fileOf(key);
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      let size = 0;
      body.on('data', (chunk: Buffer) => (size += chunk.length));
      const out = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(body, out);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(tmp, target);
        return size;
      } catch (err) {
        // The file may still be opening when the pipeline fails: remove it only once it is closed.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
    },
    read(key, range) {
      return fs.createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async exists(key) {
      return fs.promises.access(fileOf(key)).then(
        () => true,
        () => false,
      );
    },
    // A local folder: one access() call, no cache needed.
    check: () =>
      fs.promises.access(root, fs.constants.W_OK).then(
        () => true,
        () => false,
      ),
  };
}

/** The configured store, checked: the bucket when S3_* is set, otherwise DATA_DIR/uploads. */
export async function openBlobStore(config: Config): Promise<BlobStore> {
  if (!config.s3) return localBlobStore(path.join(config.dataDir, 'uploads'));
  const { s3BlobStore } = await import('./s3-blob-store');
  return s3BlobStore(config.s3);
}
