// Production build: the client with Vite into dist/client, its home page, layout shell and (into
// dist/member-pages) the Think Tank pages prerendered
// and every text file compressed beside itself (docs/decisions.md decision 19), then the server bundled with
// esbuild into dist/server (dependencies stay in node_modules).
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { checkEntry } from './check-entry.mjs';
import { compressAssets } from './compress-assets.mjs';
import { MEMBER_PAGES_DIR, prerender } from './prerender.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs one stage of the build and prints a line when it ends, with its time: on a 2-core machine the
 * whole build takes about a minute, and the stages after Vite's print nothing of their own.
 */
const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
async function stage(name, run) {
  const t0 = performance.now();
  console.log(`build: ${name}…`);
  await run();
  console.log(`build: ${name} done in ${seconds(performance.now() - t0)}`);
}

await stage('client (Vite)', () => {
  const vite = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (vite.status !== 0) process.exit(vite.status ?? 1);
});

const clientDir = path.join(root, 'dist', 'client');
await stage("checking that the page's entry imports no other chunk", () => checkEntry(clientDir));
await stage('prerendering the home page, the shell and the member pages', () => prerender(root, clientDir));
await stage('compressing text files (brotli and gzip)', async () => {
  await compressAssets(clientDir);
  await compressAssets(path.join(root, 'dist', MEMBER_PAGES_DIR));
});

await stage('server (esbuild)', () =>
  build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      admin: 'server/cli/admin.ts',
      backup: 'server/cli/backup.ts',
      restore: 'server/cli/restore.ts',
    },
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  }),
);
console.log(`built dist/client and dist/server in ${seconds(performance.now() - started)}`);
