import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { BLOB_KEY_PATTERN, newBlobKey, type BlobStore } from './blob';
import { isOutOfSpace } from './out-of-space';

/** The readiness check's probe write is reused this long, whatever the number of probes. */
export const LOCAL_CHECK_TTL_MS = 1000;
/**
 * What the readiness check writes (and removes) to tell that the folder takes writes: enough blocks
 * that a disk with only crumbs left counts as full (decision 44).
 */
export const PROBE_BYTES = 64 * 1024;
const PROBE = Buffer.alloc(PROBE_BYTES);

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

  /** Whether a small file can be written and removed: false when the disk is full or read-only. */
  async function probe(): Promise<boolean> {
    const file = path.join(tmpDir, `${randomUUID()}.probe`);
    try {
      await fs.promises.writeFile(file, PROBE, { flag: 'wx', mode: 0o600 });
      return true;
    } catch {
      return false;
    } finally {
      await fs.promises.rm(file, { force: true }).catch(() => {});
    }
  }
  // One probe at a time, its answer kept for LOCAL_CHECK_TTL_MS (as the S3 store's HeadBucket).
  let checked: { at: number; answer: Promise<boolean> } | undefined;

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
        // Readiness probes again at once rather than answer from before the disk filled.
        if (isOutOfSpace(err)) checked = undefined;
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
    // Writable (one access() call, every time), with room: a full disk makes the store not ready
    // until a probe write succeeds again.
    async check() {
      const writable = await fs.promises.access(root, fs.constants.W_OK).then(
        () => true,
        () => false,
      );
      if (!writable) return false;
      if (!checked || (checked.at !== 0 && Date.now() - checked.at >= LOCAL_CHECK_TTL_MS)) {
        const entry = { at: 0, answer: probe() };
        void entry.answer.then(() => (entry.at = Date.now()));
        checked = entry;
      }
      return checked.answer;
    },
  };
}

/** The configured store, checked: the bucket when S3_* is set, otherwise DATA_DIR/uploads. */
export async function openBlobStore(config: Config): Promise<BlobStore> {
  if (!config.s3) return localBlobStore(path.join(config.dataDir, 'uploads'));
  const { s3BlobStore } = await import('./s3-blob-store');
  return s3BlobStore(config.s3);
}
