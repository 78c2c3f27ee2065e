import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository's root. */
export const root = path.resolve(import.meta.dirname, '..', '..');

/** Runs the production build in `dir` (its output on stderr, so a bench's stdout stays its figures). */
export function build(dir: string) {
  const r = spawnSync(process.execPath, [path.join(dir, 'scripts', 'build.mjs')], {
    cwd: dir,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (r.status !== 0) throw new Error(`the build in ${dir} failed`);
}

/**
 * The baseline's source at `ref`, built once into a folder of its own named after `bench` and the
 * commit (kept for the next run).
 */
export function baselineBuild(bench: string, ref: string): { dir: string; label: string } {
  const sha = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], { cwd: root })
    .toString()
    .trim();
  const dir = path.join(os.tmpdir(), `tribe36-${bench}-${sha}`);
  if (!fs.existsSync(path.join(dir, 'dist', 'server', 'main.js'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const tar = execFileSync('git', ['archive', '--format=tar', sha], { cwd: root, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    build(dir);
  }
  return { dir, label: `baseline ${sha}` };
}
