import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { projectRoot } from '../../server/lib/paths';
import { freshDatabase } from './database';

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
};

/** Runs a command of this project (server or CLI) from source, as `npm start` would run the build. */
export function runNode(script: string, args: string[], env: Record<string, string>) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot(), script), ...args], {
    cwd: projectRoot(),
    env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Collects a process's output and exit code. */
export function watch(child: ChildProcess) {
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output: () => out, exited };
}

const started = new Set<ServerProcess>();

/**
 * Kills (SIGKILL) every server `startServer` started that is still running, and waits for them: for
 * an `afterEach`, so that a test that failed half-way does not leave its server holding the data
 * folder for the next one.
 */
export async function killLeftServers() {
  const left = [...started].filter((s) => s.child.exitCode === null && s.child.signalCode === null);
  started.clear();
  for (const s of left) s.child.kill('SIGKILL');
  await Promise.all(left.map((s) => s.exited));
}

/** Starts server/main.ts on a free port and waits until it listens (or fails). */
export async function startServer(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  const child = runNode('server/main.ts', [], { PORT: '0', ...env });
  const { output, exited } = watch(child);
  started.add({ child, url: '', output, exited });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
    if (m) return { child, url: m[1]!, output, exited };
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A data folder and a fresh database (PGlite in the folder, or a PostgreSQL database when
 * TEST_DATABASE_URL is set) for the server processes of one test file: `env` starts them on it,
 * `remove` deletes both.
 */
export async function serverEnvironment(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const fresh = await freshDatabase(inject('templateDir'), path.join(dataDir, 'db'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(fresh.source.url ? { DATABASE_URL: fresh.source.url } : {}),
  };
  return {
    dataDir,
    env,
    async remove() {
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
