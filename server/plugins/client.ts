import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '../../common/contracts/errors';

/** The built pages (scripts/build.mjs): the home page prerendered signed out, and the layout shell. */
export const HOME_PAGE = 'index.html';
export const SHELL_PAGE = 'shell.html';

export type ClientOptions = {
  /** The session cookie's name: a request carrying it gets the shell, not the signed-out home page. */
  sessionCookie: string;
};

/**
 * Serves the built client (DESIGN.md decision 19) and falls back to a page for client routes; any
 * unknown /api path (or a missing file asset) answers 404 JSON. Every text file goes out as the
 * build's brotli or gzip copy, chosen by Accept-Encoding (`Vary: Accept-Encoding`).
 */
export async function registerClient(app: FastifyInstance, clientDir: string, opts: ClientOptions) {
  const hasClient = fs.existsSync(path.join(clientDir, HOME_PAGE));
  // Builds before the prerender had no shell: the home page's file serves every route then.
  const shellPage = fs.existsSync(path.join(clientDir, SHELL_PAGE)) ? SHELL_PAGE : HOME_PAGE;
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are the same files in another encoding, never pages of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; everything else is revalidated.
        const value = filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache';
        res.header('cache-control', value);
      },
    });
  }

  /** The signed-out home page is prerendered; a member (or any other route) gets the layout shell. */
  const pageFor = (request: FastifyRequest, url: string) =>
    url === '/' && !request.cookies?.[opts.sessionCookie] ? HOME_PAGE : shellPage;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage =
      hasClient &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !path.extname(url);
    if (wantsPage) {
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie')
        .type('text/html')
        .sendFile(pageFor(request, url));
    }
    return reply.code(404).send({ error: ERRORS.notFound });
  });
}
