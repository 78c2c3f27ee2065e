import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Helpers of the full-disk tests (test/disk-full.test.ts): a small tmpfs to fill. Mounting takes
 * root (CI runs as root); elsewhere the reason to skip is given.
 */
export function whyNotMountable(): string | null {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs takes root';
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-mount-probe-'));
  try {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], {
      encoding: 'utf8',
    });
    if (mounted.error) return `mount is unavailable (${mounted.error.message})`;
    if (mounted.status !== 0) return `mount -t tmpfs failed: ${mounted.stderr.trim()}`;
    spawnSync('umount', [probe]);
    return null;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

/** A new folder with a tmpfs of `mib` MiB mounted on it. */
export function mountTmpfs(prefix: string, mib: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${mib}m`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (mounted.status !== 0) throw new Error(`mount failed: ${mounted.stderr}`);
  return dir;
}

/** Unmounts and removes a folder of mountTmpfs (lazily when something still holds it). */
export function unmountTmpfs(dir: string) {
  if (spawnSync('umount', [dir]).status !== 0) spawnSync('umount', ['-l', dir]);
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The bytes under `dir`, subfolders included. */
export function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** Every file under `dir`, as paths relative to it. */
export function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Fills the file system of `file` until it refuses a byte, then gives back `leave` bytes of it. */
export function fill(file: string, leave: number) {
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [1024 * 1024, 4096]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (err) {
        if ((err as { code?: string }).code !== 'ENOSPC') throw err;
      }
    }
    fs.ftruncateSync(fd, Math.max(0, fs.fstatSync(fd).size - leave));
  } finally {
    fs.closeSync(fd);
  }
}
