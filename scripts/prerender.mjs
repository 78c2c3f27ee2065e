// Prerenders the client (DESIGN.md decision 19) into the built pages: dist/client/index.html becomes
// the signed-out home page, rendered in full, and dist/client/shell.html the layout shell that every
// other page (and a signed-in member's home) starts from. The browser paints either before any
// script runs; the app hydrates the first and replaces the second.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const EMPTY_ROOT = '<div id="root"></div>';

/** Renders client/prerender.tsx's pages into `clientDir`'s index.html (built by Vite) and shell.html. */
export async function prerender(root, clientDir) {
  const outfile = path.join(root, 'dist', 'prerender', 'prerender.mjs');
  await build({
    absWorkingDir: root,
    entryPoints: ['client/prerender.tsx'],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '@common': path.join(root, 'common') },
    logLevel: 'warning',
  });
  // React's production build: the development one adds nothing to the HTML and renders slower.
  process.env.NODE_ENV = 'production';
  const { renderHome, renderShell } = await import(pathToFileURL(outfile).href);

  const indexFile = path.join(clientDir, 'index.html');
  const template = await fs.readFile(indexFile, 'utf8');
  if (!template.includes(EMPTY_ROOT)) throw new Error(`${indexFile} has no ${EMPTY_ROOT}`);
  const page = (kind, html) =>
    template.replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="${kind}">${html}</div>`);
  await fs.writeFile(indexFile, page('home', renderHome()));
  await fs.writeFile(path.join(clientDir, 'shell.html'), page('shell', renderShell()));
  await fs.rm(path.join(root, 'dist', 'prerender'), { recursive: true, force: true });
}
