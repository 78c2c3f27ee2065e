// Production build: the client with Vite into dist/client, its home page, layout shell and (into
// dist/member-pages) the Think Tank pages prerendered
// and every text file compressed beside itself (docs/decisions.md decision 19), then the server bundled with
// esbuild into dist/server (dependencies stay in node_modules).
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { compressAssets } from './compress-assets.mjs';
import { MEMBER_PAGES_DIR, prerender } from './prerender.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const vite = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (vite.status !== 0) process.exit(vite.status ?? 1);

const clientDir = path.join(root, 'dist', 'client');
await prerender(root, clientDir);
await compressAssets(clientDir);
await compressAssets(path.join(root, 'dist', MEMBER_PAGES_DIR));

await build({
  absWorkingDir: root,
  entryPoints: { main: 'server/main.ts', admin: 'server/cli/admin.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('built dist/client and dist/server');
