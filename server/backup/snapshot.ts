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

/**
 * Copies the tree at `from` (a DATA_DIR sub-folder) to `to`, leaving out what isSkipped names.
 * `link`: files are hard-linked where the file system allows (instant, no bytes copied), which is a
 * true copy only for files never changed in place: uploads and mail, written under a temporary
 * name and renamed. Otherwise they are copied (a reflink where the file system offers one).
 */
async function copyTree(from: string, to: string, relative: string, link: boolean): Promise<void> {
  let useLinks = link;
  async function walk(src: string, dst: string, rel: string) {
    await fs.promises.mkdir(dst, { recursive: true, mode: 0o700 });
    const entries = await fs.promises.readdir(src, { withFileTypes: true });
    for (const entry of entries) {
      const childRel = `${rel}/${entry.name}`;
      if (isSkipped(childRel)) continue;
      const s = path.join(src, entry.name);
      const d = path.join(dst, entry.name);
      if (entry.isDirectory()) await walk(s, d, childRel);
      else if (entry.isFile()) {
        try {
          if (useLinks) {
            try {
              await fs.promises.link(s, d);
              continue;
            } catch (err) {
              if (!NO_LINKS.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
              useLinks = false;
            }
          }
          await fs.promises.copyFile(s, d, fs.constants.COPYFILE_FICLONE);
        } catch (err) {
          // Gone since it was listed (an upload deleted, a mail file renamed): not in this snapshot.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
    }
  }
  await walk(from, to, relative);
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
 *    transaction committed before the copy (acknowledged or not) and none after.
 *  - `uploads/` is hard-linked in the same exclusive section. A file is renamed into place before
 *    the transaction that records it commits (media-store.ts), and deleted only after its row is,
 *    so every row of the copy has its file. A file without a row (an upload still being recorded)
 *    is harmless.
 *  - everything else (`mail/`…) is copied after, outside the section.
 * The caller removes the folder.
 */
export async function snapshotDataDir({ dataDir, database }: SnapshotOptions): Promise<string> {
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
    await run(async () => {
      if (exclusive && (await isFolder('db'))) {
        await copyTree(path.join(dataDir, 'db'), path.join(dir, 'db'), 'db', false);
      }
      if (await isFolder('uploads')) {
        await copyTree(path.join(dataDir, 'uploads'), path.join(dir, 'uploads'), 'uploads', true);
      }
    });
    for (const name of (await fs.promises.readdir(dataDir)).sort()) {
      if (name === 'db' || name === 'uploads' || isRuntimeName(name)) continue;
      const from = path.join(dataDir, name);
      const stat = await fs.promises.lstat(from).catch(() => null);
      if (stat?.isDirectory()) await copyTree(from, path.join(dir, name), name, true);
      else if (stat?.isFile()) await fs.promises.copyFile(from, path.join(dir, name)).catch(() => {});
    }
    return dir;
  } catch (err) {
    await fs.promises.rm(dir, { recursive: true, force: true });
    throw err;
  }
}
