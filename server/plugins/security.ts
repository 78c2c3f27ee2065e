import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../../common/contracts/errors';
import { JSON_BODY_LIMIT } from '../../common/constants';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The response headers of DESIGN.md decision 12 (and the rest of helmet's defaults). */
export function securityHeaders(https: boolean): Readonly<Record<string, string>> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "media-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return Object.freeze({
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  });
}

/**
 * DESIGN.md decision 12: security headers on every response, state changes refused from other
 * sites, and JSON as the only body type the JSON routes parse.
 */
export async function registerSecurity(app: FastifyInstance, opts: { publicUrl: string | undefined }) {
  const headers = securityHeaders(opts.publicUrl?.startsWith('https://') ?? false);
  // Set on every response, errors and static files included; computed once, not per request.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
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
