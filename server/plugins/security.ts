import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS } from '../../common/contracts/errors';
import { JSON_BODY_LIMIT } from '../../common/constants';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Powerful browser features: the recorder's screen capture and microphone (and the camera, for
 * recording oneself) and full-screen video for this origin only, never for an embedded frame; what
 * the app never uses is off. Only names Chromium knows: an unknown one is a console error there.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'display-capture=(self)',
  'fullscreen=(self)',
  'accelerometer=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The response headers of docs/decisions.md decision 12 (and the rest of helmet's defaults). */
export function securityHeaders(https: boolean): Readonly<Record<string, string>> {
  const csp = [
    "default-src 'self'",
    // WebAssembly compiled from this origin's files only: the pose model (issue 19, decision 41).
    "script-src 'self' 'wasm-unsafe-eval'",
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
    'permissions-policy': PERMISSIONS_POLICY,
    ...(https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  });
}

/**
 * The name part of a Host header (`name`, `name:port`, `[v6]`, `[v6]:port`), in lower case and
 * without a final dot (`example.com.` is `example.com`); null when malformed.
 */
export function hostnameOf(host: string): string | null {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]/\s]+)(?::\d{1,5})?$/.exec(host);
  return m ? m[1]!.toLowerCase().replace(/(?<=.)\.$/, '') : null;
}

/** An IP address (v4, or bracketed v6) or localhost: names no other site can make a browser use for this server. */
export function isLocalHostname(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  if (hostname.startsWith('[')) return isIPv6(hostname.slice(1, -1));
  return isIPv4(hostname);
}

/**
 * The Host rule against DNS rebinding (docs/decisions.md decision 12): a page of another site whose name
 * was pointed at this server sends that name as its Host. Answered are IP addresses and localhost
 * (direct use, a load balancer's health check, a proxy that sends its upstream's address), and
 * PUBLIC_URL's host when it is set; anything else is refused with what to set.
 */
export function hostRefusal(
  host: string,
  publicUrl: string | undefined,
  publicHostname = publicUrl && new URL(publicUrl).hostname,
): string | null {
  const hostname = hostnameOf(host);
  if (hostname !== null && isLocalHostname(hostname)) return null;
  if (publicUrl !== undefined) {
    if (hostname === publicHostname) return null;
    return `Host ${JSON.stringify(host.slice(0, 100))} is not allowed: this server answers at ${publicUrl} (PUBLIC_URL)`;
  }
  return `Host ${JSON.stringify(host.slice(0, 100))} is not allowed: set PUBLIC_URL to the address members use`;
}

const HOST_REQUIRED = 'A Host header is required';

/**
 * The Host rule as every request meets it (`request.host`): null when the host is answered, else
 * the refusal. Allowed values are remembered, so a request costs one Set lookup (bounded: a forged
 * Host is not kept). The chat poll's fast path (chat.poll-fast-path.ts) asks the same.
 */
export function hostCheck(publicUrl: string | undefined): (host: string) => string | null {
  const publicHostname = publicUrl && new URL(publicUrl).hostname;
  const allowedHosts = new Set<string>();
  return (host) => {
    if (allowedHosts.has(host)) return null;
    if (host === '') return HOST_REQUIRED;
    const refusal = hostRefusal(host, publicUrl, publicHostname);
    if (refusal === null && allowedHosts.size < 64) allowedHosts.add(host);
    return refusal;
  };
}

/** The security headers for a server answering at `publicUrl` (HSTS and upgrades for https). */
export const securityHeadersFor = (publicUrl: string | undefined) =>
  securityHeaders(publicUrl?.startsWith('https://') ?? false);

/** POST /unsubscribe?…, exempt from the Origin check (decision 60). */
export const isOneClickUnsubscribe = (url: string) => /^\/unsubscribe\/?(?:\?|$)/.test(url);

/** POST /share, the share target's fallback (decision 63): it reads nothing and only redirects to a page. */
export const isShareTarget = (url: string) => /^\/share\/?(?:\?|$)/.test(url);

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** A refusal before any route: `{ "error": "…" }` for the API, plain text for a page. */
function refuseOrThrow(
  request: FastifyRequest,
  reply: FastifyReply,
  done: (err?: Error) => void,
  status: 400 | 403,
  message: string,
) {
  if (isApi(request.url)) {
    return done(new AppError(status === 400 ? 'bad_request' : 'forbidden', message));
  }
  void reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(message + '\n');
}

/**
 * docs/decisions.md decision 12: security headers on every response, requests for other hosts refused,
 * state changes refused from other sites, API answers never stored by a cache, and JSON as the
 * only body type the JSON routes parse.
 */
export async function registerSecurity(app: FastifyInstance, opts: { publicUrl: string | undefined }) {
  const headers = securityHeadersFor(opts.publicUrl);
  // Set on every response, errors and static files included; computed once, not per request.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // Every request, reads too (a rebinding page reads what it gets): before sessions are looked up.
  // request.host is X-Forwarded-Host from a trusted proxy (TRUST_PROXY), else Host.
  const checkHost = hostCheck(opts.publicUrl);
  app.addHook('onRequest', (request, reply, done) => {
    const refusal = checkHost(request.host);
    if (refusal === null) return done();
    refuseOrThrow(request, reply, done, refusal === HOST_REQUIRED ? 400 : 403, refusal);
  });

  // Signed-in answers carry e-mail addresses and payment status, and login, registration and
  // logout set or clear the session cookie: no API answer is kept by a browser or proxy cache,
  // unless its route chose its caching (media files, the chat poll's ETag).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApi(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // A callback hook, not an async one: it runs on every request, and most return at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    // RFC 8058's one-click unsubscribe comes from a mail client, from anywhere, with no cookie: its
    // token is its only authority, and the route reads nothing else (decision 60).
    if (request.method === 'POST' && isOneClickUnsubscribe(request.url)) return done();
    // A phone's share sheet posts the shared clip from outside any page of ours (decision 63).
    if (request.method === 'POST' && isShareTarget(request.url)) return done();
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      return done(new AppError('forbidden', ERRORS.crossSite));
    }
    const origin = request.headers.origin;
    if (origin === undefined) return done(); // Not a browser form or fetch: nothing to forge.
    const expected = opts.publicUrl ?? `${request.protocol}://${request.host}`;
    done(origin === expected ? undefined : new AppError('forbidden', ERRORS.crossSite));
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
