import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '../../common/contracts/errors';

/**
 * Serves the built client and falls back to index.html for client routes; any unknown /api path
 * (or a missing file asset) answers 404 JSON.
 */
export async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; everything else is revalidated.
        const value = filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache';
        res.header('cache-control', value);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage =
      hasClient &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !path.extname(url);
    if (wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ error: ERRORS.notFound });
  });
}
