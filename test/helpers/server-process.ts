import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../server/lib/paths';

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

/** Starts server/main.ts on a free port and waits until it listens (or fails). */
export async function startServer(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  const child = runNode('server/main.ts', [], { PORT: '0', ...env });
  const { output, exited } = watch(child);
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
