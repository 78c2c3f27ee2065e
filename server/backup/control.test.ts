import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { CONTROL_FILE, ControlError, requestSnapshot, startBackupControl } from './control';
import type { SnapshotOptions } from './snapshot';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-control-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const log = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

function write(file: string, data: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
}

/** A data folder with an embedded database's files, uploads (one arriving) and mail. */
function dataFolder(dir: string) {
  write(path.join(dir, 'db', 'PG_VERSION'), '17\n');
  write(path.join(dir, 'db', 'postmaster.pid'), '1');
  write(path.join(dir, 'uploads', 'ab', 'one'), 'photo');
  write(path.join(dir, 'uploads', '.tmp', 'x.part'), 'arriving');
  write(path.join(dir, 'mail', 'a.eml'), 'mail');
  return dir;
}

/** A stand-in for the embedded database: records the checkpoint and whether the pause is on. */
function fakeDatabase() {
  const calls: string[] = [];
  let paused = false;
  const database: NonNullable<SnapshotOptions['database']> = {
    db: {
      execute: async () => {
        calls.push(paused ? 'query while paused' : 'checkpoint');
        return { rows: [] };
      },
    } as never,
    async runExclusive<T>(fn: () => Promise<T>): Promise<T> {
      calls.push('pause');
      paused = true;
      try {
        return await fn();
      } finally {
        paused = false;
        calls.push('resume');
      }
    },
  };
  return { database, calls };
}

async function until(condition: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the backup control socket', () => {
  it('hands a snapshot to a caller holding the token, and removes it when the caller hangs up', async () => {
    const dir = dataFolder(fs.mkdtempSync(path.join(scratch, 'd-')));
    write(path.join(dir, '.tribe36-backup-old', 'x'), 'left by a killed backup');
    const { database, calls } = fakeDatabase();
    const stop = await startBackupControl({ dataDir: dir, database, log });
    try {
      expect(fs.existsSync(path.join(dir, '.tribe36-backup-old'))).toBe(false);
      expect(fs.statSync(path.join(dir, CONTROL_FILE)).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(dir, 'tribe36.control.sock')).mode & 0o777).toBe(0o600);

      const snapshot = await requestSnapshot(dir);
      expect(snapshot).not.toBeNull();
      expect(calls).toEqual(['checkpoint', 'pause', 'resume']);
      const s = snapshot!.dir;
      expect(path.dirname(s)).toBe(fs.realpathSync(dir));
      expect(fs.statSync(s).mode & 0o777).toBe(0o700);
      expect(fs.readFileSync(path.join(s, 'db', 'PG_VERSION'), 'utf8')).toBe('17\n');
      expect(fs.existsSync(path.join(s, 'db', 'postmaster.pid'))).toBe(false);
      expect(fs.readFileSync(path.join(s, 'uploads', 'ab', 'one'), 'utf8')).toBe('photo');
      // Hard-linked, not copied: the same file.
      expect(fs.statSync(path.join(s, 'uploads', 'ab', 'one')).ino).toBe(
        fs.statSync(path.join(dir, 'uploads', 'ab', 'one')).ino,
      );
      expect(fs.existsSync(path.join(s, 'uploads', '.tmp'))).toBe(false);
      expect(fs.readFileSync(path.join(s, 'mail', 'a.eml'), 'utf8')).toBe('mail');
      expect(snapshot!.lost()).toBe(false);
      snapshot!.release();
      await until(() => !fs.existsSync(s));
    } finally {
      stop();
    }
    expect(fs.existsSync(path.join(dir, CONTROL_FILE))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'tribe36.control.sock'))).toBe(false);
    // Nobody answers now.
    expect(await requestSnapshot(dir)).toBeNull();
  });

  it('refuses a request without the token', async () => {
    const dir = dataFolder(fs.mkdtempSync(path.join(scratch, 'd-')));
    const stop = await startBackupControl({ dataDir: dir, database: fakeDatabase().database, log });
    try {
      const file = path.join(dir, CONTROL_FILE);
      const info = JSON.parse(fs.readFileSync(file, 'utf8')) as { token: string };
      fs.writeFileSync(file, JSON.stringify({ ...info, token: 'f'.repeat(64) }));
      const err = await requestSnapshot(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ControlError);
      expect((err as Error).message).toMatch(/refused the snapshot: Not authorized/);
      expect(fs.readdirSync(dir).filter((n) => n.startsWith('.tribe36-'))).toEqual([]);
    } finally {
      stop();
    }
  });

  it('treats a control file left by a killed server as no server', async () => {
    const dir = dataFolder(fs.mkdtempSync(path.join(scratch, 'd-')));
    write(
      path.join(dir, CONTROL_FILE),
      JSON.stringify({ pid: 1, socket: path.join(dir, 'tribe36.control.sock'), token: 'x' }),
    );
    expect(await requestSnapshot(dir)).toBeNull();
  });

  it.runIf(process.platform === 'linux')(
    'uses an abstract socket when the folder path is too long for one',
    async () => {
      const dir = dataFolder(path.join(scratch, 'long-'.repeat(20)));
      expect(Buffer.byteLength(path.join(dir, 'tribe36.control.sock'))).toBeGreaterThan(107);
      const stop = await startBackupControl({ dataDir: dir, database: fakeDatabase().database, log });
      try {
        expect(fs.existsSync(path.join(dir, 'tribe36.control.sock'))).toBe(false);
        const snapshot = await requestSnapshot(dir);
        expect(fs.readFileSync(path.join(snapshot!.dir, 'uploads', 'ab', 'one'), 'utf8')).toBe('photo');
        snapshot!.release();
      } finally {
        stop();
      }
    },
  );
});
