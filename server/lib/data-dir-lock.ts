import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

type LockInfo = { pid: number; startedAt: string | null };

/** The kernel's start time of a process, so a recycled pid is not mistaken for the lock holder. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime) comes after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(info: LockInfo): boolean {
  if (!Number.isInteger(info.pid) || info.pid <= 0) return false;
  try {
    process.kill(info.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (info.startedAt === null) return true;
  const now = processStartTime(info.pid);
  return now === null || now === info.startedAt;
}

function readLock(file: string): LockInfo | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockInfo>;
    return { pid: Number(parsed.pid), startedAt: parsed.startedAt ?? null };
  } catch {
    return null;
  }
}

/**
 * Takes an exclusive lock on the data folder: two servers on one PGlite folder would silently
 * lose rows. A lock left by a killed process (its pid gone or reused) is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'tribe36.lock');
  const mine: LockInfo = { pid: process.pid, startedAt: processStartTime(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, JSON.stringify(mine));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const current = readLock(file);
        if (current?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readLock(file);
    if (holder && isAlive(holder)) {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by another Tribe36 server (pid ${holder.pid}). ` +
          'Stop that server first, or set DATA_DIR to another folder.',
      );
    }
    if (!holder && Date.now() - fs.statSync(file, { throwIfNoEntry: false })!.mtimeMs < 5000) {
      // Just created by a server that has not written its pid yet.
      throw new DataDirLockedError(`The data folder ${dataDir} is being locked by another Tribe36 server.`);
    }
    // Stale: the holder is gone (or the file is half-written by a process that died long ago).
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not take the lock on the data folder ${dataDir}.`);
}
