import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer made once per change of what it says and sent as it is to every request until the next
 * change: its JSON as bytes, a strong ETag naming them, and the bytes compressed, made at the first
 * request that asks for each coding. The chat poll (server/modules/chat) and a member's progress
 * (server/modules/progress) are answered this way: neither the schema serializer nor the compressor
 * of the whole API runs again for a request that asks the same question.
 */
export type PreparedAnswer = { body: Buffer; etag: string; encoded?: Partial<Record<ContentCoding, Buffer>> };
export type ContentCoding = 'br' | 'gzip';

/** Prepared answers from this size on are sent compressed (smaller ones gain less than they cost). */
export const COMPRESS_FROM_BYTES = 1024;

/** The headers a prepared answer goes out with, besides its ETag. */
export const PREPARED_HEADERS = {
  /** Kept by the browser alone, and asked again each time with If-None-Match (304 when unchanged). */
  cacheControl: 'private, no-cache',
  vary: 'accept-encoding',
  contentType: 'application/json; charset=utf-8',
} as const;

/** `json` as a prepared answer whose ETag is its content's digest: the same on every server process. */
export function preparedJson(json: string, tag = ''): PreparedAnswer {
  const body = Buffer.from(json);
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, etag: `"${tag}${digest}"` };
}

/** The answer's body in `coding`, compressed once (brotli at a quality cheap enough to run per change). */
export function encodedBody(answer: PreparedAnswer, coding: ContentCoding): Buffer {
  const encoded = (answer.encoded ??= {});
  return (encoded[coding] ??=
    coding === 'br'
      ? zlib.brotliCompressSync(answer.body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length,
          },
        })
      : zlib.gzipSync(answer.body, { level: 6 }));
}

/**
 * Which bytes of an answer a request gets: compressed as the client accepts when large enough, and
 * the strong ETag naming those bytes (each coding has its own).
 */
export function answerVariant(
  answer: PreparedAnswer,
  acceptEncoding: string | string[] | undefined,
): { coding: ContentCoding | undefined; etag: string } {
  const coding = answer.body.length >= COMPRESS_FROM_BYTES ? preferredCoding(acceptEncoding) : undefined;
  return { coding, etag: coding ? `${answer.etag.slice(0, -1)}-${coding}"` : answer.etag };
}

/** Accept-Encoding values seen, with their coding: a browser sends the same one every time (bounded). */
const codingOf = new Map<string, ContentCoding | undefined>();

/** The coding to send by Accept-Encoding: brotli, else gzip, else none (`q=0` refuses one). */
export function preferredCoding(accept: string | string[] | undefined): ContentCoding | undefined {
  if (typeof accept !== 'string' || accept === '') return undefined;
  if (codingOf.has(accept)) return codingOf.get(accept);
  const coding = parseAcceptEncoding(accept);
  if (codingOf.size < 64) codingOf.set(accept, coding);
  return coding;
}

function parseAcceptEncoding(accept: string): ContentCoding | undefined {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    (q === undefined || Number(q.slice(2)) > 0 ? accepted : refused).add(name === 'x-gzip' ? 'gzip' : name);
  }
  const ok = (c: ContentCoding) => accepted.has(c) || (accepted.has('*') && !refused.has(c));
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

/**
 * Sends a prepared answer through Fastify: 304 when the request's If-None-Match names the bytes it
 * would get, else those bytes with their coding. The app's compressor leaves a body that already has
 * a Content-Encoding alone.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer) {
  const { coding, etag } = answerVariant(answer, request.headers['accept-encoding']);
  reply.header('cache-control', PREPARED_HEADERS.cacheControl);
  reply.header('vary', PREPARED_HEADERS.vary);
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.type(PREPARED_HEADERS.contentType);
  if (!coding) return reply.send(answer.body);
  return reply.header('content-encoding', coding).send(encodedBody(answer, coding));
}
