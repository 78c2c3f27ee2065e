import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
function tmp() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-lock-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('data folder lock', () => {
  it('refuses a second holder while the first lives, and frees on release', () => {
    const dir = tmp();
    const release = lockDataDir(dir);
    // Same live pid (this process): refused.
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Tribe36 server/);
    release();
    expect(fs.existsSync(path.join(dir, 'tribe36.lock'))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over a lock whose process is gone', () => {
    const dir = tmp();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(dead.stdout.toString());
    fs.writeFileSync(path.join(dir, 'tribe36.lock'), JSON.stringify({ pid: deadPid, startedAt: '1' }));
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'tribe36.lock'), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock whose pid was reused by another process', () => {
    const dir = tmp();
    fs.writeFileSync(
      path.join(dir, 'tribe36.lock'),
      JSON.stringify({ pid: process.pid, startedAt: 'not-now' }),
    );
    lockDataDir(dir)();
  });
});
