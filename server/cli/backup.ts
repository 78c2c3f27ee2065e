// `npm run backup -- FILE.tar.gz [--force]`: a consistent snapshot of DATA_DIR (the embedded database,
// uploads, mail) in one archive, taken while the server runs or not (docs/deploy.md "Backups").
import fs from 'node:fs';
import path from 'node:path';
import {
  appIdentity,
  BackupFileExistsError,
  buildManifest,
  isSkipped,
  listTree,
  writeArchive,
  type BackupKind,
} from '../backup/archive';
import { ControlError, requestSnapshot } from '../backup/control';
import { SNAPSHOT_PREFIX, snapshotDataDir } from '../backup/snapshot';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';
import { CommandError, UsageError, runCommand } from './command';

const USAGE = 'Usage: npm run backup -- FILE.tar.gz [--force]   (--force replaces an existing FILE)';
/** How long to wait for a server that holds the folder but does not answer yet (starting up). */
const SERVER_WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function describe(
  kind: BackupKind,
  files: number,
  bytes: number,
  contents: string[],
  file: string,
  from: string,
) {
  const mb = (bytes / (1024 * 1024)).toFixed(1);
  const what = contents.length > 0 ? contents.join(', ') : 'nothing';
  return `Backed up ${files} ${files === 1 ? 'file' : 'files'} (${mb} MiB: ${what}) ${from} to ${file} (${kind}).`;
}

/** Archives `root` (a snapshot folder, or DATA_DIR while its lock is held). */
async function archive(root: string, kind: BackupKind, file: string, overwrite: boolean) {
  const entries = await listTree(root, (relative) => !isSkipped(relative));
  const manifest = buildManifest(kind, appIdentity(), entries);
  await writeArchive(file, manifest, entries, { overwrite });
  return manifest;
}

async function run(argv: string[]): Promise<string> {
  const overwrite = argv.includes('--force');
  const args = argv.filter((a) => a !== '--force');
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new UsageError(USAGE);
  const file = path.resolve(args[0]!);
  const config = loadConfig();
  const dataDir = config.dataDir;
  if (!fs.existsSync(dataDir)) {
    throw new CommandError(`The data folder ${dataDir} does not exist: nothing to back up (check DATA_DIR).`);
  }
  if (!fs.existsSync(path.dirname(file)))
    throw new CommandError(`The folder ${path.dirname(file)} does not exist.`);
  if (
    isInside(fs.realpathSync(dataDir), path.join(fs.realpathSync(path.dirname(file)), path.basename(file)))
  ) {
    throw new UsageError(`Write the backup outside the data folder ${dataDir}.`);
  }
  if (!overwrite && fs.existsSync(file))
    throw new CommandError(`${file} already exists (add --force to replace it).`);

  const notes: string[] = [];
  if (config.databaseUrl) {
    notes.push(
      'DATABASE_URL is set: the database is in PostgreSQL and is not in this archive. Back it up with ' +
        'pg_dump first, then run this (docs/deploy.md, "Backups").',
    );
  }
  if (config.s3) {
    notes.push(
      `S3_* is set: uploaded files are in the bucket ${config.s3.bucket}, not in this archive; copy the ` +
        'bucket (docs/deploy.md, "Backups").',
    );
  }

  if (config.databaseUrl) {
    // The files only: uploads and mail never change once written (written under another name and
    // renamed), so hard links make a snapshot without the server's help.
    removeOldSnapshots(dataDir);
    const { dir } = await snapshotDataDir({ dataDir });
    try {
      const m = await archive(dir, 'files', file, overwrite);
      return [...notes, describe('files', m.files, m.bytes, m.contents, file, `of ${dataDir}`)].join('\n');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  const deadline = Date.now() + SERVER_WAIT_MS;
  for (;;) {
    const live = await requestSnapshot(dataDir);
    if (live) {
      try {
        const m = await archive(live.dir, 'live', file, overwrite);
        if (live.lost()) {
          fs.rmSync(file, { force: true });
          throw new CommandError('The server stopped during the backup: nothing was written. Run it again.');
        }
        const from = `of ${dataDir} from the running server (pid ${live.pid})`;
        return [...notes, describe('live', m.files, m.bytes, m.contents, file, from)].join('\n');
      } finally {
        live.release();
      }
    }
    let release: () => void;
    try {
      release = await lockDataDir(dataDir);
    } catch (err) {
      if (!(err instanceof DataDirLockedError) || Date.now() > deadline) {
        if (err instanceof DataDirLockedError) {
          throw new CommandError(
            `${err.message.split('. ')[0]}, which does not answer backup requests: it may be still ` +
              'starting, or run a build from before backups existed (npm run build, then restart it). ' +
              'Or stop it and run the backup again.',
          );
        }
        throw err;
      }
      // A server starting (its control socket comes once its database is open), or stopping.
      await sleep(250);
      continue;
    }
    try {
      const m = await archive(dataDir, 'offline', file, overwrite);
      return [
        ...notes,
        describe('offline', m.files, m.bytes, m.contents, file, `of ${dataDir} (no server running)`),
      ].join('\n');
    } finally {
      release();
    }
  }
}

/** Snapshot folders of backups killed half-way, a day old or more (PostgreSQL: no server removes them). */
function removeOldSnapshots(dataDir: string) {
  for (const name of fs.readdirSync(dataDir)) {
    if (!name.startsWith(SNAPSHOT_PREFIX)) continue;
    const full = path.join(dataDir, name);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > 24 * 3600_000) fs.rmSync(full, { recursive: true, force: true });
  }
}

runCommand(run(process.argv.slice(2)), {
  failure: 'The backup failed:',
  explained: [ConfigError, ControlError, BackupFileExistsError],
});
