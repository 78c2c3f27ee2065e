import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { projectRoot } from '../lib/paths';
import { endOfArchive, entryHeader, padding, readTar, TarFormatError } from './tar';

/**
 * A backup archive (`npm run backup`, docs/deploy.md "Backups"): a gzipped tar whose first entry is
 * the manifest, then the data folder's files under their paths relative to DATA_DIR (`db/…`,
 * `uploads/…`, `mail/…`). Regular files and folders only.
 */

export const MANIFEST_NAME = 'tribe36-backup.json';
export const BACKUP_FORMAT = 'tribe36-backup';
export const BACKUP_FORMAT_VERSION = 1;

/**
 * live: taken from a running server (the database copied while no query ran); offline: from a
 * folder no server held (the command held its lock); files: DATA_DIR's files only, the database
 * being PostgreSQL (DATABASE_URL).
 */
export type BackupKind = 'live' | 'offline' | 'files';

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  app: { name: string; version: string };
  createdAt: string;
  kind: BackupKind;
  /** Whether `db/` holds the embedded database. */
  embeddedDatabase: boolean;
  /** The top-level names archived (`db`, `uploads`, `mail`…). */
  contents: string[];
  /** Regular files after the manifest, and their bytes: checked on restore. */
  files: number;
  bytes: number;
};

/**
 * Names at the top of DATA_DIR that are never archived nor restored: the data-folder lock
 * (`tribe36.lock.sock` and its helpers, the old `tribe36.lock`), the backup control socket and its
 * file, and the temporary folders of backups and restores.
 */
export function isRuntimeName(name: string): boolean {
  return (
    name.startsWith('tribe36.lock') || name.startsWith('tribe36.control') || name.startsWith('.tribe36-')
  );
}

/** Paths inside DATA_DIR (relative, `/`-separated) left out of a backup. */
export function isSkipped(relative: string): boolean {
  const top = relative.split('/')[0]!;
  // Uploads still arriving; the embedded database's pid file (stale in any copy); mail files
  // still being written (eml-transport.ts: `.NAME.PID.tmp`, then renamed).
  return (
    isRuntimeName(top) ||
    relative === 'uploads/.tmp' ||
    relative === 'db/postmaster.pid' ||
    /^mail\/\..*\.tmp$/.test(relative)
  );
}

export type TreeEntry = {
  /** Relative to the tree's root, `/`-separated. */
  name: string;
  type: 'file' | 'directory';
  abs: string;
  mode: number;
  size: number;
  mtimeMs: number;
};

/**
 * Every folder and regular file under `root` (sorted, folders before their contents) that `keep`
 * accepts; sockets, links and the like are left out.
 */
export async function listTree(root: string, keep: (relative: string) => boolean): Promise<TreeEntry[]> {
  const out: TreeEntry[] = [];
  async function walk(dir: string, prefix: string) {
    const names = (await fs.promises.readdir(dir)).sort();
    for (const name of names) {
      const relative = prefix ? `${prefix}/${name}` : name;
      if (!keep(relative)) continue;
      const abs = path.join(dir, name);
      const stat = await fs.promises.lstat(abs).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!stat) continue;
      const base = { name: relative, abs, mode: stat.mode & 0o777, mtimeMs: stat.mtimeMs };
      if (stat.isDirectory()) {
        out.push({ ...base, type: 'directory', size: 0 });
        await walk(abs, relative);
      } else if (stat.isFile()) {
        out.push({ ...base, type: 'file', size: stat.size });
      }
    }
  }
  await walk(root, '');
  return out;
}

/** This build's name and version, from package.json. */
export function appIdentity(): { name: string; version: string } {
  const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as {
    name?: string;
    version?: string;
  };
  return { name: pkg.name ?? 'tribe36', version: pkg.version ?? 'unknown' };
}

export function buildManifest(
  kind: BackupKind,
  app: { name: string; version: string },
  entries: TreeEntry[],
): Manifest {
  const files = entries.filter((e) => e.type === 'file');
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    app,
    createdAt: new Date().toISOString(),
    kind,
    embeddedDatabase: entries.some((e) => e.name === 'db/PG_VERSION'),
    contents: [...new Set(entries.map((e) => e.name.split('/')[0]!))],
    files: files.length,
    bytes: files.reduce((sum, e) => sum + e.size, 0),
  };
}

const READ_CHUNK = 1 << 20;

async function* tarChunks(manifest: Manifest, entries: TreeEntry[]): AsyncGenerator<Buffer> {
  const json = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
  yield entryHeader({
    name: MANIFEST_NAME,
    type: 'file',
    mode: 0o644,
    size: json.length,
    mtimeMs: Date.now(),
  });
  yield json;
  yield padding(json.length);
  for (const entry of entries) {
    if (entry.type === 'directory') {
      yield entryHeader(entry);
      continue;
    }
    const handle = await fs.promises.open(entry.abs, 'r');
    try {
      yield entryHeader(entry);
      let position = 0;
      while (position < entry.size) {
        const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, entry.size - position));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        if (bytesRead === 0) throw new Error(`${entry.abs} changed while it was archived`);
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
      }
    } finally {
      await handle.close();
    }
    yield padding(entry.size);
  }
  yield endOfArchive();
}

export class BackupFileExistsError extends Error {
  override name = 'BackupFileExistsError';
}

/**
 * Writes the archive to `file` atomically: into a temporary file beside it, flushed to disk, then
 * put in place, never over an existing file unless `overwrite`.
 */
export async function writeArchive(
  file: string,
  manifest: Manifest,
  entries: TreeEntry[],
  { overwrite = false }: { overwrite?: boolean } = {},
): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(4).toString('hex')}.part`);
  try {
    const out = fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    await pipeline(Readable.from(tarChunks(manifest, entries)), zlib.createGzip({ level: 6 }), out);
    const handle = await fs.promises.open(temp, 'r');
    await handle.sync().finally(() => handle.close());
    if (overwrite) await fs.promises.rename(temp, file);
    else {
      // link() fails when the name exists: never replaces a file that appeared meanwhile.
      try {
        await fs.promises.link(temp, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new BackupFileExistsError(`${file} already exists (add --force to replace it)`);
        }
        throw err;
      }
    }
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
  const dirHandle = await fs.promises.open(dir, 'r').catch(() => null);
  await dirHandle
    ?.sync()
    .catch(() => {})
    .finally(() => dirHandle.close());
}

export class BadArchiveError extends Error {
  override name = 'BadArchiveError';
}

/** `a/b/c` as it is, or null when it is absolute, climbs out (`..`), or is otherwise not plain. */
export function safeRelativeName(name: string): string | null {
  if (name === '' || name.includes('\0') || name.includes('\\')) return null;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return null;
  const parts = name.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  return name;
}

const MAX_MANIFEST_BYTES = 64 * 1024;

function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadArchiveError('Its manifest is not JSON');
  }
  const m = value as Partial<Manifest> | null;
  if (!m || typeof m !== 'object' || m.format !== BACKUP_FORMAT) {
    throw new BadArchiveError(`Its manifest is not a ${BACKUP_FORMAT} manifest`);
  }
  if (!Number.isInteger(m.formatVersion) || m.formatVersion! < 1) {
    throw new BadArchiveError('Its manifest has no valid formatVersion');
  }
  if (m.formatVersion! > BACKUP_FORMAT_VERSION) {
    throw new BadArchiveError(
      `It was made by a newer Tribe36 (${m.app?.version ?? 'unknown version'}, backup format ` +
        `${m.formatVersion}; this one reads format ${BACKUP_FORMAT_VERSION}): restore it with that version`,
    );
  }
  if (!['live', 'offline', 'files'].includes(m.kind as string)) {
    throw new BadArchiveError('Its manifest has an unknown kind');
  }
  if (!Number.isSafeInteger(m.files) || !Number.isSafeInteger(m.bytes)) {
    throw new BadArchiveError('Its manifest has no file count');
  }
  return m as Manifest;
}

/** A gunzipped, tar-parsed read of `file`; `onEntry` as readTar's. Errors name the archive's fault. */
async function readArchive(file: string, onEntry: Parameters<typeof readTar>[1]): Promise<void> {
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  try {
    await readTar(gunzip, onEntry);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (err instanceof TarFormatError) throw new BadArchiveError(err.message);
    if (code.startsWith('Z_') || code === 'ERR_ZLIB_INITIALIZATION_FAILED') {
      throw new BadArchiveError(`It is not a complete gzip file (${(err as Error).message})`);
    }
    throw err;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

class StopReading extends Error {}

/** Reads the manifest only (the archive's first entry). */
export async function readManifest(file: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  try {
    await readArchive(file, async (header, content) => {
      manifest = await manifestOf(header, content);
      throw new StopReading();
    });
  } catch (err) {
    if (!(err instanceof StopReading)) throw err;
  }
  if (!manifest) throw new BadArchiveError('It is empty');
  return manifest;
}

async function manifestOf(
  header: { name: string; type: string; size: number },
  content: AsyncIterable<Buffer>,
): Promise<Manifest> {
  if (header.name !== MANIFEST_NAME || header.type !== 'file') {
    throw new BadArchiveError(`It does not start with ${MANIFEST_NAME}: not a Tribe36 backup`);
  }
  if (header.size > MAX_MANIFEST_BYTES) throw new BadArchiveError('Its manifest is too large');
  const parts: Buffer[] = [];
  for await (const chunk of content) parts.push(chunk);
  return parseManifest(Buffer.concat(parts).toString('utf8'));
}

/**
 * Extracts an archive into the empty folder `into`, checking it as it goes: the manifest first;
 * then folders and regular files only (a symbolic or hard link is refused, whatever it points at),
 * each under a plain relative path (nothing absolute, no `..`), none of the runtime names; and at
 * the end, as many files and bytes as the manifest says. Throws BadArchiveError naming the fault;
 * what was extracted is then the caller's to remove.
 */
export async function extractArchive(file: string, into: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  let files = 0;
  let bytes = 0;
  const root = path.resolve(into);
  await readArchive(file, async (header, content) => {
    if (!manifest) {
      manifest = await manifestOf(header, content);
      return;
    }
    const name = safeRelativeName(header.name);
    if (name === null || isRuntimeName(name.split('/')[0]!)) {
      throw new BadArchiveError(`It holds a path that may not be restored: ${JSON.stringify(header.name)}`);
    }
    const target = path.resolve(root, ...name.split('/'));
    if (!target.startsWith(root + path.sep)) {
      throw new BadArchiveError(`It holds a path outside the folder: ${JSON.stringify(header.name)}`);
    }
    if (header.type === 'directory') {
      await fs.promises.mkdir(target, { recursive: true, mode: 0o700 });
      await fs.promises.chmod(target, (header.mode & 0o777) | 0o700);
      return;
    }
    if (header.type !== 'file') {
      const what =
        header.type === 'symlink' || header.type === 'hardlink'
          ? `a link (${header.name} -> ${header.linkName})`
          : `an entry of type ${JSON.stringify(header.flag)} (${header.name})`;
      throw new BadArchiveError(`It holds ${what}: only files and folders are restored`);
    }
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    // 'wx': a name twice in the archive fails rather than being overwritten.
    const out = fs.createWriteStream(target, { flags: 'wx', mode: (header.mode & 0o777) | 0o600 });
    await pipeline(Readable.from(content), out).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') throw new BadArchiveError(`It holds ${header.name} twice`);
      throw err;
    });
    await fs.promises.utimes(target, header.mtime, header.mtime);
    files += 1;
    bytes += header.size;
  });
  if (!manifest) throw new BadArchiveError('It is empty');
  if (files !== manifest.files || bytes !== manifest.bytes) {
    throw new BadArchiveError(
      `It holds ${files} files (${bytes} bytes) where its manifest lists ${manifest.files} ` +
        `(${manifest.bytes} bytes)`,
    );
  }
  return manifest;
}
