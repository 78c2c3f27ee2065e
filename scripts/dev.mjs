// `npm run dev`: the API with restart on change (node --watch) and the client through Vite with hot
// reload. Open http://127.0.0.1:$PORT (5000); Vite proxies /api to the API on $API_PORT (5001).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? String(Number(port) + 1);

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', '--watch-preserve-output', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // The API document at /api/docs in development (decision 35), unless API_DOCS says otherwise.
    env: { API_DOCS: 'true', ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, API_PORT: apiPort },
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 11_000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on('exit', r))))).then(
    () => process.exit(code),
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
