// `npm start`: serves the production build, building it first when it is missing.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist', 'server', 'main.js');
const clientEntry = path.join(root, 'dist', 'client', 'index.html');

if (!fs.existsSync(serverEntry) || !fs.existsSync(clientEntry)) {
  console.log(
    'No production build yet: building it first (npm run build; about 45 s on 2 cores the first ' +
      'time, most of it compressing the pose model, then about 10 s)…',
  );
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(serverEntry).href);
