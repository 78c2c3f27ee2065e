import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (docs/architecture.md "Storage"): local files under DATA_DIR/uploads by default
 * (blob-store.ts), an S3-compatible bucket when S3_* is set (s3-blob-store.ts). Both build on this
 * file, which imports neither. Keys are generated here, never taken from a client, so nothing
 * outside the folder is reachable.
 */
export interface BlobStore {
  /** A new, unused key. */
  newKey(): string;
  /** Streams `body` into a new blob at `key`; on any failure nothing is kept. Returns the byte count. */
  write(key: string, body: Readable): Promise<number>;
  /** The blob's bytes, all or the inclusive range [start, end]. */
  read(key: string, range?: { start: number; end: number }): Readable;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Whether the store can be used now, for the readiness check: cheap, never throws, and answered
   * from a cache for a moment so that a storm of probes costs the store next to nothing.
   */
  check(): Promise<boolean>;
  /** Lets go of connections when the app closes. */
  close?(): void;
}

/** What every key looks like: a generated UUID under a folder named by its first two digits. */
export const BLOB_KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new, unused key. */
export function newBlobKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}
