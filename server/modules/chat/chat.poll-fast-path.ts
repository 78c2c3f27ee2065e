import { membershipRefusal } from '../../policies/admission.policy';
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Counter, Histogram, Registry } from 'prom-client';
import { chatMessagesQuery } from '../../../common/contracts/chat';
import type { AppContext } from '../../context';
import { CLIENT_CLOSED_MESSAGE } from '../../lib/client-errors';
import {
  answerVariant,
  encodedBody,
  PREPARED_HEADERS,
  type ContentCoding,
  type PreparedAnswer,
} from '../../lib/prepared-answer';
import { requestHost, requestIp, trustHop, type TrustHop } from '../../lib/trust-proxy';
import { COMPRESS_THRESHOLD } from '../../plugins/compression';
import { CLIENT_CLOSED_REQUEST } from '../../plugins/metrics';
import { hostCheck, securityHeadersFor } from '../../plugins/security';
import { sessionCookieName } from '../../plugins/session-cookie';

/** The poll's path and route pattern (the metrics' `route` label). */
const POLL_PATH = '/api/chat/community';
/** The one query the fast path takes: `?after=N`, the poll for what is new. */
const AFTER_QUERY = `${POLL_PATH}?after=`;
const DIGITS = /^\d{1,15}$/;

/** A variant's complete header lists, as `writeHead` takes them, made once per answer and coding. */
type Prepared = { ok: OutgoingHttpHeader[]; notModified: OutgoingHttpHeader[]; body: Buffer };

export type PollFastPath = {
  /** How many polls it answered itself (for tests and the benchmark). */
  served(): number;
  /**
   * Whether it answers at all (true). The tests turn it off to send the same request to Fastify on
   * the same server, in the same state, and compare the two answers.
   */
  enabled: boolean;
};

/**
 * The signed-in chat poll (`GET /api/chat/community`, bare or `?after=N`) answered before Fastify
 * routes it (decision 32): in front of Fastify's 'request' listener, synchronously, when — and only
 * when — everything is ordinary: a GET of exactly that URL, an allowed Host (security.ts's rule), a
 * session cookie whose member the session store's memory answers for (`peek`: valid, not expired or
 * revoked, nothing to write), no password change pending, the room's answer already in memory, and
 * the server not closing. It sends what the route would send, byte for byte: the same status,
 * headers (security.ts's, the route's, Fastify's Content-Length) and body, and counts and logs the
 * request as Fastify would. Anything else goes to Fastify unchanged.
 */
export function installPollFastPath(
  app: FastifyInstance,
  ctx: AppContext,
  registry: Registry | undefined,
): PollFastPath {
  const server = app.server;
  const listeners = server.listeners('request');
  const genReqId = (app as unknown as { genReqId?: (req: IncomingMessage) => string }).genReqId;
  if (listeners.length !== 1 || typeof genReqId !== 'function') {
    throw new Error("the chat poll's fast path expects Fastify's one request listener and its genReqId");
  }
  const fastify = listeners[0] as (req: IncomingMessage, res: ServerResponse) => void;

  const { config } = ctx;
  const cookieName = sessionCookieName(config.secureCookies);
  const checkHost = hostCheck(config.publicUrl);
  const trust = trustHop(config.trustProxy);
  const security = Object.entries(securityHeadersFor(config.publicUrl)).flat();
  const requests = registry?.getSingleMetric('http_requests_total') as Counter | undefined;
  const latency = registry?.getSingleMetric('http_request_duration_seconds') as Histogram | undefined;
  const log = app.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

  // Fastify's own 503 while it closes (return503OnClosing): from the first preClose hook on.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  const prepared = new WeakMap<PreparedAnswer, Partial<Record<ContentCoding | 'identity', Prepared>>>();
  /** The headers in the order Fastify writes them: security.ts's, the route's, then Content-Length. */
  function prepare(answer: PreparedAnswer, coding: ContentCoding | undefined, etag: string): Prepared {
    let byCoding = prepared.get(answer);
    if (!byCoding) prepared.set(answer, (byCoding = {}));
    const key = coding ?? 'identity';
    const found = byCoding[key];
    if (found) return found;
    const body = coding ? encodedBody(answer, coding) : answer.body;
    const notModified = [
      ...security,
      ...['cache-control', PREPARED_HEADERS.cacheControl, 'vary', PREPARED_HEADERS.vary, 'etag', etag],
    ];
    const ok = [
      ...notModified,
      'content-type',
      PREPARED_HEADERS.contentType,
      ...(coding ? ['content-encoding', coding] : []),
      'content-length',
      String(body.length),
    ];
    return (byCoding[key] = { ok, notModified, body });
  }

  /** The answer when memory has it and nothing about the request is unusual; else undefined. */
  function answerFor(req: IncomingMessage): PreparedAnswer | undefined {
    if (req.method !== 'GET' || closing || ctx.lifecycle.draining) return undefined;
    const url = req.url!;
    let after: number | undefined;
    if (url !== POLL_PATH) {
      if (!url.startsWith(AFTER_QUERY)) return undefined;
      const raw = url.slice(AFTER_QUERY.length);
      const query = DIGITS.test(raw) ? chatMessagesQuery.safeParse({ after: raw }) : undefined;
      if (!query?.success || query.data.after === undefined) return undefined;
      after = query.data.after;
    }
    // The Host rule on request.host: X-Forwarded-Host from a trusted proxy, else Host.
    if (checkHost(requestHost(req, trust)) !== null) return undefined;
    const cookie = req.headers.cookie;
    if (cookie === undefined) return undefined;
    const token = app.parseCookie(cookie)[cookieName];
    if (!token) return undefined;
    const actor = ctx.sessions.peek(token);
    // requireMember's second refusal: a member held at the password-change step.
    if (!actor || actor.user.mustChangePassword) return undefined;
    // Its third: a member waiting for a coach's approval (decision 54).
    if (membershipRefusal(actor.user, actor.isAdmin)) return undefined;
    // A member who blocks someone gets an answer of their own (decision 55), from the route.
    if (ctx.blocks.peek(actor.user.id) !== undefined) return undefined;
    return after === undefined ? ctx.chatFeed.peekNewest() : ctx.chatFeed.peekAfter(after);
  }

  let served = 0;
  const fastPath: PollFastPath = { served: () => served, enabled: true };

  /** Answers the request and returns true, or returns false having touched nothing. */
  function tryServe(req: IncomingMessage, res: ServerResponse): boolean {
    const answer = fastPath.enabled ? answerFor(req) : undefined;
    if (!answer) return false;
    const accept = req.headers['accept-encoding'];
    const { coding, etag } = answerVariant(answer, accept);
    // A large answer the route leaves uncompressed goes through @fastify/compress, which reads
    // Accept-Encoding its own way: only a request that asks for nothing (or identity) skips it for sure.
    if (
      !coding &&
      answer.body.length >= COMPRESS_THRESHOLD &&
      accept !== undefined &&
      accept !== 'identity'
    ) {
      return false;
    }
    const logging = log.isLevelEnabled?.('info') === true;

    // What Fastify does for every request: a request id (its counter), the log line, the clock.
    const reqId = genReqId!(req);
    const start = performance.now();
    const reqLog = logging ? log.child({ reqId }) : undefined;
    reqLog?.info({ req: logView(req, trust) }, 'incoming request');

    const variant = prepare(answer, coding, etag);
    const notModified = req.headers['if-none-match'] === etag;
    const status = notModified ? 304 : 200;
    res.writeHead(status, notModified ? variant.notModified : variant.ok);
    res.end(notModified ? undefined : variant.body);
    served += 1;

    if (requests || reqLog) {
      // Fastify's onResponse (metrics.ts, the "request completed" line) when the answer is out; its
      // onRequestAbort (499, app.ts's line) when the client left first.
      res.once('close', () => {
        if (!res.writableFinished) {
          requests?.inc({ method: 'GET', route: POLL_PATH, status_code: CLIENT_CLOSED_REQUEST });
          reqLog?.info(CLIENT_CLOSED_MESSAGE);
          return;
        }
        const elapsed = performance.now() - start;
        const labels = { method: 'GET', route: POLL_PATH, status_code: status };
        requests?.inc(labels);
        latency?.observe(labels, elapsed / 1000);
        reqLog?.info({ res: { statusCode: status }, responseTime: elapsed }, 'request completed');
      });
    }
    return true;
  }

  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!tryServe(req, res)) fastify(req, res);
  });
  return fastPath;
}

/** What Fastify's `req` log serializer reads of a request (lib/logger-pino.js). */
function logView(req: IncomingMessage, trust: TrustHop | undefined) {
  return {
    method: req.method,
    url: req.url,
    headers: req.headers,
    host: requestHost(req, trust),
    ip: requestIp(req, trust),
    socket: req.socket,
  };
}
