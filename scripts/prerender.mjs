// Prerenders the client (docs/decisions.md decisions 19 and 33) into the built pages: dist/client/index.html
// becomes the signed-out home page, rendered in full, and dist/client/shell.html the layout shell that
// every other page (and a signed-in member's home) starts from. The browser paints either before any
// script runs; the app hydrates the first and replaces the second. The Think Tank pages, as a member
// first sees them, and the own profile's frame (decision 68) go to dist/member-pages (outside the public
// folder: the server sends one only to a live session), each naming the chunks it needs, with
// dist/member-pages/pages.json listing them: path → file, and `<path>#<variant>` → the file of a page's
// other frame (client/lib/member-frame.ts), which the server chooses by the session.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { assetUrlsUnused } from './esbuild-asset-urls.mjs';

const EMPTY_ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

/** Where the member pages go, beside dist/client; the server reads MEMBER_PAGES_INDEX there. */
export const MEMBER_PAGES_DIR = 'member-pages';
export const MEMBER_PAGES_INDEX = 'pages.json';

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * The chunks (hashed files under assets/) of the source `modules`, from Vite's manifest, with every
 * chunk they import statically, each once and none of `known` (the entry's, boot.tsx's and its steps':
 * `appChunks`). Chromium's modulepreload fetches the module named and not its imports: those came only
 * when the page ran its dynamic import, a round trip later (the room's message parts a second after
 * the room's own code, at a phone's speed). Each modulepreload costs the main thread some 5 ms at
 * a phone's speed (main.tsx adds them a few per task), so the list holds what the page's first
 * screen draws with, no more.
 */
function chunksOf(manifest, modules, known) {
  const files = [];
  const visit = (key, named) => {
    const chunk = manifest[key];
    if (!chunk) {
      if (named) throw new Error(`prerender: ${key} is not in Vite's manifest`);
      return;
    }
    if (known.has(chunk.file) || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, false);
  };
  for (const key of modules) visit(key, true);
  return files;
}

/**
 * The app's own chunks: boot.tsx's steps (React, the data layer, tailwind-merge, the app, the start),
 * which it imports one after another to evaluate each in a task of its own. Fetched one after another
 * too, they were five round trips in a row before anything of the app ran (on a phone's link, some
 * 150 ms each plus the download); listed on #root, main.tsx preloads them together once the page is
 * painted, and boot.tsx evaluates them in its steps as before (docs/decisions.md decision 91).
 */
function appChunks(manifest) {
  const boot = manifest['boot.tsx'];
  if (!boot?.dynamicImports?.length)
    throw new Error("prerender: boot.tsx's steps are not in Vite's manifest");
  // What the page has loaded by the time main.tsx preloads: the entry, and boot.tsx with its imports.
  const loaded = new Set(chunksOf(manifest, ['index.html', 'boot.tsx'], new Set()));
  const steps = chunksOf(manifest, boot.dynamicImports, loaded);
  return { steps, known: new Set([...loaded, ...steps]) };
}

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
    plugins: [assetUrlsUnused],
    logLevel: 'warning',
  });
  // React's production build: the development one adds nothing to the HTML and renders slower.
  process.env.NODE_ENV = 'production';
  const { renderHome, renderShell, renderMemberPages, MEMBER_HOME_MODULES } = await import(
    pathToFileURL(outfile).href
  );

  // Vite's manifest (build.manifest) names each source module's chunk; it is not served.
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8'));
  await fs.rm(path.join(clientDir, '.vite'), { recursive: true, force: true });
  const files = (list) => list.map((file) => `/${file}`).join(' ');
  const app = appChunks(manifest);

  const indexFile = path.join(clientDir, 'index.html');
  const template = await fs.readFile(indexFile, 'utf8');
  if (!template.includes(EMPTY_ROOT)) throw new Error(`${indexFile} has no ${EMPTY_ROOT}`);
  const page = (kind, html, preloads = [], variant = null, extra = '') =>
    template.replace(EMPTY_ROOT, () => {
      const preload = ` data-preload="${escapeHtml(files([...app.steps, ...preloads]))}"`;
      const frame = variant ? ` data-variant="${escapeHtml(variant)}"` : '';
      return `<div id="root" data-prerendered="${kind}"${frame}${preload}${extra}>${html}</div>`;
    });
  await fs.writeFile(indexFile, page('home', renderHome()));
  // The shell is what a live session gets for / (the member's home): its chunks, which the app would
  // otherwise ask for only once it runs, and the room's only once the home has drawn, are named for
  // main.tsx to preload on that path alone.
  const home = ` data-preload-home="${escapeHtml(files(chunksOf(manifest, MEMBER_HOME_MODULES, app.known)))}"`;
  await fs.writeFile(path.join(clientDir, 'shell.html'), page('shell', renderShell(), [], null, home));

  const membersDir = path.join(root, 'dist', MEMBER_PAGES_DIR);
  await fs.rm(membersDir, { recursive: true, force: true });
  const index = {};
  for (const { path: route, title, html, modules, variant } of await renderMemberPages()) {
    // The app (boot.tsx, which main.tsx imports once the page is painted) and the page's own chunks.
    // Listed on #root for main.tsx, which preloads them once the page is painted (as link tags they
    // would share the slow link with the stylesheet and the font the first paint waits for).
    const preloads = chunksOf(manifest, modules, app.known);
    // `/member/*` (another member's frame, decision 75) is `member--_`.
    const name = route.slice(1).replaceAll('/', '--').replaceAll('*', '_');
    const file = variant ? `${name}@${variant}.html` : `${name}.html`;
    const content = page('member', html, preloads, variant).replace(
      TITLE,
      () => `<title>${escapeHtml(title)}</title>`,
    );
    await fs.mkdir(membersDir, { recursive: true });
    await fs.writeFile(path.join(membersDir, file), content);
    index[variant ? `${route}#${variant}` : route] = file;
  }
  await fs.writeFile(path.join(membersDir, MEMBER_PAGES_INDEX), JSON.stringify(index, null, 2));
  await fs.rm(path.join(root, 'dist', 'prerender'), { recursive: true, force: true });
}
