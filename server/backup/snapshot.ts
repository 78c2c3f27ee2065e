import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isRuntimeName, isSkipped } from './archive';

/** Temporary folders inside DATA_DIR: a snapshot being archived, a restore being extracted. */
export const SNAPSHOT_PREFIX = '.tribe36-backup-';
export const RESTORE_PREFIX = '.tribe36-restore-';

/** Removes the temporary folders a killed backup or restore left in DATA_DIR (its lock held). */
export function removeLeftoverFolders(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith(SNAPSHOT_PREFIX) || name.startsWith(RESTORE_PREFIX)) {
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
  }
}

/** Errors of link() that mean "this file system will not": copy instead. */
const NO_LINKS = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK']);

/** Files up to this size are copied with a blocking call; larger ones on libuv's thread pool. */
const SMALL_FILE = 1 << 20;
/**
 * A file whose modification time is at least this much older than the moment it was first read is
 * known unchanged when its time and size are the same again: a later write would have moved its
 * time past it. A younger one may have been written again within the clock's granularity (a few
 * milliseconds on Linux, 2 s on FAT), so it is copied again.
 */
const SETTLED_MS = 2000;

/** What the first pass saw of each path (relative, `/`-separated): null for a folder. */
type Seen = Map<string, { size: number; mtimeMs: number; readAt: number } | null>;

/**
 * Copies the tree at `from` (a DATA_DIR sub-folder) to `to`, leaving out what isSkipped names, and
 * returns what it copied.
 * `link`: files are hard-linked where the file system allows (instant, no bytes copied), which is a
 * true copy only for files never changed in place: uploads and mail, written under a temporary
 * name and renamed. Otherwise they are copied (a reflink where the file system offers one).
 * With `before` (what an earlier pass copied into `to`), only what changed since is done again,
 * and what has gone since is removed from the copy.
 *
 * Folders, links and small files are made with blocking calls: each takes microseconds, where an
 * awaited call costs a round trip through the thread pool, and the database may be waiting for
 * this. Large files are copied without blocking the event loop.
 */
async function copyTree(
  from: string,
  to: string,
  relative: string,
  link: boolean,
  before?: Seen,
): Promise<Seen> {
  const seen: Seen = new Map();
  let useLinks = link;
  async function copyFile(s: string, d: string, rel: string) {
    const readAt = Date.now();
    const stat = fs.statSync(s);
    const old = before?.get(rel);
    if (
      old &&
      (useLinks ||
        (old.size === stat.size && old.mtimeMs === stat.mtimeMs && stat.mtimeMs < old.readAt - SETTLED_MS))
    ) {
      seen.set(rel, old);
      return;
    }
    seen.set(rel, { size: stat.size, mtimeMs: stat.mtimeMs, readAt });
    if (useLinks) {
      try {
        fs.linkSync(s, d);
        return;
      } catch (err) {
        if (!NO_LINKS.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
        useLinks = false;
      }
    }
    if (stat.size <= SMALL_FILE) fs.copyFileSync(s, d, fs.constants.COPYFILE_FICLONE);
    else await fs.promises.copyFile(s, d, fs.constants.COPYFILE_FICLONE);
  }
  async function walk(src: string, dst: string, rel: string) {
    fs.mkdirSync(dst, { recursive: true, mode: 0o700 });
    seen.set(rel, null);
    for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
      const childRel = `${rel}/${entry.name}`;
      if (isSkipped(childRel)) continue;
      const s = path.join(src, entry.name);
      const d = path.join(dst, entry.name);
      try {
        if (entry.isDirectory()) await walk(s, d, childRel);
        else if (entry.isFile()) await copyFile(s, d, childRel);
      } catch (err) {
        // Gone since it was listed (an upload deleted, a mail file renamed): not in this snapshot.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
  await walk(from, to, relative);
  for (const rel of before?.keys() ?? []) {
    if (seen.has(rel)) continue;
    fs.rmSync(path.join(to, ...rel.split('/').slice(1)), { recursive: true, force: true });
  }
  return seen;
}

export type SnapshotOptions = {
  dataDir: string;
  /** The embedded database; undefined when the database is not in DATA_DIR. */
  database?: Pick<Database, 'db' | 'runExclusive'>;
};

/**
 * A consistent copy of DATA_DIR in a new folder inside it (returned), for a backup of a running
 * server:
 *  - `db/` is copied while the embedded database runs nothing: its files are then as after a
 *    `kill -9` at that instant, which PostgreSQL recovers from its WAL on start-up, with every
 *    transaction committed before the copy (acknowledged or not) and none after. To keep that pause
 *    short, everything is copied once before it, and in the pause only what changed since.
 *  - `uploads/` is hard-linked in the same way: all before the pause, and in the pause whatever
 *    arrived since. A file is renamed into place before
 *    the transaction that records it commits (media-store.ts), and deleted only after its row is,
 *    so every row of the copy has its file. A file without a row (an upload still being recorded)
 *    is harmless.
 *  - everything else (`mail/`…) is copied after, outside the section.
 * Resolves with the folder, which the caller removes, and how long the database was paused.
 */
export async function snapshotDataDir({
  dataDir,
  database,
}: SnapshotOptions): Promise<{ dir: string; pauseMs: number }> {
  const dir = await fs.promises.mkdtemp(path.join(dataDir, SNAPSHOT_PREFIX));
  try {
    const exclusive = database?.runExclusive;
    // Written pages go to the files first, so that a start on the copy has little WAL to replay.
    if (database && exclusive) await database.db.execute(sql`checkpoint`);
    const run = exclusive ?? (<T>(fn: () => Promise<T>) => fn());
    const isFolder = (name: string) =>
      fs.promises.stat(path.join(dataDir, name)).then(
        (stat) => stat.isDirectory(),
        () => false,
      );
    const copyDb = async (before?: Seen) =>
      exclusive && (await isFolder('db'))
        ? copyTree(path.join(dataDir, 'db'), path.join(dir, 'db'), 'db', false, before)
        : undefined;
    const linkUploads = async (before?: Seen) =>
      (await isFolder('uploads'))
        ? copyTree(path.join(dataDir, 'uploads'), path.join(dir, 'uploads'), 'uploads', true, before)
        : undefined;
    const db = await copyDb();
    const uploads = await linkUploads();
    let pauseMs = 0;
    await run(async () => {
      const pausedAt = performance.now();
      await copyDb(db ?? new Map());
      await linkUploads(uploads ?? new Map());
      pauseMs = performance.now() - pausedAt;
    });
    for (const name of (await fs.promises.readdir(dataDir)).sort()) {
      if (name === 'db' || name === 'uploads' || isRuntimeName(name)) continue;
      const from = path.join(dataDir, name);
      const stat = await fs.promises.lstat(from).catch(() => null);
      if (stat?.isDirectory()) await copyTree(from, path.join(dir, name), name, true);
      else if (stat?.isFile()) await fs.promises.copyFile(from, path.join(dir, name)).catch(() => {});
    }
    return { dir, pauseMs };
  } catch (err) {
    await fs.promises.rm(dir, { recursive: true, force: true });
    throw err;
  }
}
