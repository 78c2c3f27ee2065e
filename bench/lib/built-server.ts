import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type BuiltServer = { base: string; pid: number; close(): Promise<void> };

/**
 * `dir`'s production build (dist/server/main.js) in a process of its own on the embedded database, on
 * `port` (0: any free one), with `env` added to its environment. The data folder is `dataDir`, kept on
 * close (a restart can use it again), or else a new one removed on close. Resolves once it listens;
 * `close` stops it (SIGTERM, then SIGKILL after 10 s).
 */
export async function startBuiltServer(
  dir: string,
  options: { port?: number; dataDir?: string; env?: Record<string, string> } = {},
): Promise<BuiltServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-bench-data-'));
  const child = spawn(process.execPath, [path.join(dir, 'dist', 'server', 'main.js')], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    if (base) return { base, pid: child.pid!, close };
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`the server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
