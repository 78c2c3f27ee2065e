import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const rootDir = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.PORT ?? 5000);
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 5001}`;

// changeOrigin stays false: the API compares Origin with the Host it was sent to (DESIGN.md decision 12),
// and the browser's Host is the dev server's. The proxy streams responses, so SSE passes unbuffered.
const apiProxy = { '/api': { target: apiTarget, changeOrigin: false, ws: false } };

/**
 * client/main.tsx starts the app (client/boot.tsx) only after the page the server sent is painted
 * (DESIGN.md decision 19). This lists the app's code in index.html as modulepreload links, so that
 * it downloads from the start, in parallel, as if it were imported at once.
 */
function preloadApp(entry: string): Plugin {
  return {
    name: 'tribe36-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const app = chunks.find((c) => c.facadeModuleId === entry);
        if (!app) throw new Error(`${entry} is not a chunk of the build`);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const visit = (name: string) => {
          if (files.has(name)) return;
          files.add(name);
          for (const dep of byName.get(name)?.imports ?? []) visit(dep);
        };
        visit(app.fileName);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }));
      },
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./client', import.meta.url)),
  plugins: [react(), tailwindcss(), preloadApp(fileURLToPath(new URL('./client/boot.tsx', import.meta.url)))],
  resolve: {
    alias: { '@common': fileURLToPath(new URL('./common', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
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
