// `npm run restore -- FILE.tar.gz`: puts a backup (`npm run backup`) into an empty DATA_DIR, checked
// first (docs/deploy.md "Backups"). The data-folder lock is held throughout: no server starts meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import {
  BadArchiveError,
  extractArchive,
  isRuntimeName,
  readManifest,
  type Manifest,
} from '../backup/archive';
import { CONTROL_FILE } from '../backup/control';
import { RESTORE_PREFIX, removeLeftoverFolders } from '../backup/snapshot';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';
import { CommandError, UsageError, runCommand } from './command';

const USAGE = 'Usage: npm run restore -- FILE.tar.gz   (into an empty DATA_DIR)';

function invalid(file: string, err: BadArchiveError) {
  return new CommandError(
    `${file} is not a backup that can be restored: ${err.message}. Nothing was restored.`,
  );
}

async function run(argv: string[]): Promise<string> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) throw new UsageError(USAGE);
  const file = path.resolve(argv[0]!);
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile())
    throw new CommandError(`${file} is not a file.`);
  const config = loadConfig();
  const dataDir = config.dataDir;

  let manifest: Manifest;
  try {
    manifest = await readManifest(file);
  } catch (err) {
    if (err instanceof BadArchiveError) throw invalid(file, err);
    throw err;
  }
  if (config.databaseUrl && manifest.embeddedDatabase) {
    throw new CommandError(
      'This backup holds an embedded database, but DATABASE_URL is set: a server would not use it. ' +
        'Unset DATABASE_URL to restore it (a PostgreSQL database is restored with pg_restore).',
    );
  }

  let release: () => void;
  try {
    release = await lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new CommandError(`${err.message} Nothing was restored.`);
    throw err;
  }
  try {
    // What a killed backup, restore or server left: ours to remove while we hold the lock.
    removeLeftoverFolders(dataDir);
    fs.rmSync(path.join(dataDir, CONTROL_FILE), { force: true });
    const held = fs.readdirSync(dataDir).filter((name) => !isRuntimeName(name));
    if (held.length > 0) {
      const shown = held.slice(0, 5).join(', ') + (held.length > 5 ? ', …' : '');
      throw new CommandError(
        `The data folder ${dataDir} is not empty (it holds ${shown}): a backup is restored into an empty ` +
          'folder only. Set DATA_DIR to a new folder, or move this one away first.',
      );
    }
    // Extracted inside DATA_DIR (the same file system even when it is a mount point, as the
    // container image's volume is), then moved into place entry by entry, the database last.
    const temp = fs.mkdtempSync(path.join(dataDir, RESTORE_PREFIX));
    try {
      try {
        manifest = await extractArchive(file, temp);
      } catch (err) {
        if (err instanceof BadArchiveError) throw invalid(file, err);
        throw err;
      }
      const names = fs.readdirSync(temp).sort((a, b) => Number(a === 'db') - Number(b === 'db'));
      for (const name of names) fs.renameSync(path.join(temp, name), path.join(dataDir, name));
    } finally {
      fs.rmSync(temp, { recursive: true, force: true });
    }
    const dir = fs.openSync(dataDir, 'r');
    try {
      fs.fsyncSync(dir);
    } catch {
      // Not every file system syncs a folder.
    } finally {
      fs.closeSync(dir);
    }
  } finally {
    release();
  }

  const mb = (manifest.bytes / (1024 * 1024)).toFixed(1);
  const lines = [
    `Restored ${manifest.files} ${manifest.files === 1 ? 'file' : 'files'} (${mb} MiB: ` +
      `${manifest.contents.join(', ') || 'nothing'}) into ${dataDir}, from a backup (${manifest.kind}) made ` +
      `${manifest.createdAt} by ${manifest.app.name} ${manifest.app.version}.`,
  ];
  if (!manifest.embeddedDatabase) {
    lines.push(
      'It holds no embedded database (it was made with DATABASE_URL set): restore the PostgreSQL ' +
        'database with pg_restore.',
    );
  }
  if (config.s3 && manifest.contents.includes('uploads')) {
    lines.push(
      `S3_* is set: the server reads uploaded files from the bucket ${config.s3.bucket}, not from ` +
        `${path.join(dataDir, 'uploads')}.`,
    );
  }
  lines.push('Start the server on it: npm start');
  return lines.join('\n');
}

runCommand(run(process.argv.slice(2)), { failure: 'The restore failed:', explained: [ConfigError] });
