import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { chunkGroups, preloadDependencies } from './scripts/chunk-groups';

const rootDir = fileURLToPath(new URL('.', import.meta.url));
const preload = preloadDependencies();
const port = Number(process.env.PORT ?? 5000);
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 5001}`;

// changeOrigin stays false: the API compares Origin with the Host it was sent to (docs/decisions.md decision 12),
// and the browser's Host is the dev server's. The proxy streams responses, so SSE passes unbuffered.
const apiProxy = { '/api': { target: apiTarget, changeOrigin: false, ws: false } };

/**
 * Preloads the brand font's Latin file from every page (docs/decisions.md decision 28): without it the browser
 * finds the font only after the stylesheet has arrived and been applied, one round trip later.
 */
function preloadFont(name: string): Plugin {
  const pattern = new RegExp(`^assets/${name}-[\\w-]+\\.woff2$`);
  return {
    name: 'tribe36:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const file = Object.keys(bundle ?? {}).find((f) => pattern.test(f));
        if (!file) throw new Error(`preloadFont: no ${name} font in the build`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./client', import.meta.url)),
  plugins: [react(), tailwindcss(), preloadFont('inter-latin-wght-normal'), preload.plugin],
  resolve: {
    alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Read by scripts/prerender.mjs (the chunks each prerendered member page preloads), then removed.
    manifest: true,
    // Source maps only for bench/first-load.ts --trace, which names the source module of each function
    // a long task ran (written beside the chunks, not linked from them).
    sourcemap: process.env.BENCH_SOURCEMAP === '1' ? 'hidden' : false,
    // The pose model's files stay files (the worker fetches them by URL from this origin; a data: URL
    // would be refused by connect-src 'self'); others follow Vite's rule.
    assetsInlineLimit: (file) => (file.includes('@mediapipe/pose') ? false : undefined),
    // Fewer, larger chunks, and a dynamic import preloads only what is not loaded yet (decision 66,
    // scripts/chunk-groups.ts). No polyfill: a browser without modulepreload loads the same modules,
    // found by their imports.
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(rootDir) } } },
  },
  server: {
    host: '127.0.0.1',
    port,
    strictPort: true,
    proxy: apiProxy,
    fs: { allow: [rootDir] },
  },
  preview: {
    host: '127.0.0.1',
    port,
    strictPort: true,
    proxy: apiProxy,
  },
});
