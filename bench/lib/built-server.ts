import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type BuiltServer = { base: string; close(): Promise<void> };

/**
 * `dir`'s production build (dist/server/main.js) in a process of its own on a new data folder of the
 * embedded database, on `port` (0: any free one). Resolves once it listens; `close` stops it (SIGTERM,
 * then SIGKILL after 10 s) and removes the folder.
 */
export async function startBuiltServer(dir: string, port = 0): Promise<BuiltServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-bench-data-'));
  const child = spawn(process.execPath, [path.join(dir, 'dist', 'server', 'main.js')], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
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
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    if (base) return { base, close };
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`the server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
