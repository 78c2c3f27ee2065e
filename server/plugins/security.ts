import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { ERRORS } from '../../common/contracts/errors';
import { JSON_BODY_LIMIT } from '../../common/constants';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * DESIGN.md decision 12: security headers on every response, state changes refused from other
 * sites, and JSON as the only body type the JSON routes parse.
 */
export async function registerSecurity(app: FastifyInstance, opts: { publicUrl: string | undefined }) {
  const https = opts.publicUrl?.startsWith('https://') ?? false;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'blob:', 'data:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Screen capture and the microphone are ours to ask for; the rest stays off.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('forbidden', ERRORS.crossSite);
    }
    const origin = request.headers.origin;
    if (origin === undefined) return; // Not a browser form or fetch: nothing to forge.
    const expected = opts.publicUrl ?? `${request.protocol}://${request.host}`;
    if (origin !== expected) throw new AppError('forbidden', ERRORS.crossSite);
  });

  // JSON only: Fastify's text/plain parser would let a cross-site "simple request" through.
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (request, body, done) => {
      if (body === '') return done(null, undefined);
      parseJson(request, body as string, (err, value) => {
        if (err) return done(new AppError('bad_request', ERRORS.malformedJson), undefined);
        done(null, value);
      });
    },
  );
}
