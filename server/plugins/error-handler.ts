import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ERRORS } from '../../common/contracts/errors';
import { AppError } from '../lib/errors';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../db/errors';
import {
  isOutOfSpace,
  logThrottle,
  OUT_OF_SPACE_LOG_INTERVAL_MS,
  OUT_OF_SPACE_RETRY_AFTER_S,
} from '../storage/out-of-space';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ERRORS.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ERRORS.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body length does not match Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: ERRORS.malformedJson,
  FST_ERR_BAD_URL: 'Bad request URL',
  FST_ERR_ASYNC_CONSTRAINT: 'Bad request',
};

const HANG_UP_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/** Whether an error comes from the client's own connection going away. */
function clientGone(raw: IncomingMessage, err: Error): boolean {
  if (!raw.aborted && !raw.socket?.destroyed) return false;
  const code = (err as { code?: unknown }).code;
  return (typeof code === 'string' && HANG_UP_CODES.has(code)) || err.message === 'aborted';
}

/**
 * One handler for every error (the 404 for unknown routes is in plugins/client.ts): `{ "error": "…" }`, the status from AppError's code or Fastify's
 * own 4xx, a write that failed for lack of space as 507 (decision 44), and for anything else a
 * logged 500 whose text is never sent.
 */
export function registerErrorHandler(app: FastifyInstance) {
  // A full disk fails every write: one error line a minute says so, not one per request.
  const outOfSpaceLog = logThrottle(OUT_OF_SPACE_LOG_INTERVAL_MS);
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
      return reply.code(err.statusCode).headers(err.headers).send({ error: err.message });
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in err ? String(err.code) : '';
      const message =
        FASTIFY_MESSAGES[code] ?? (err instanceof SyntaxError ? ERRORS.malformedJson : err.message);
      return reply.code(status).send({ error: message });
    }
    if (clientGone(request.raw, err)) {
      // The client hung up mid-request (its socket's ECONNRESET looks like a database's): not a fault.
      request.log.info({ code: (err as { code?: unknown }).code }, 'the client hung up');
      return reply.code(400).send({ error: 'The request was interrupted' });
    }
    if (isOutOfSpace(err)) {
      const due = outOfSpaceLog.take();
      if (due) {
        request.log.error(
          { err, refusedSinceLastLine: due.skipped },
          'out of storage space: writes are refused with 507 until space is freed (logged once a minute)',
        );
      }
      return reply
        .code(507)
        .header('retry-after', String(OUT_OF_SPACE_RETRY_AFTER_S))
        .send({ error: ERRORS.outOfSpace });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ error: ERRORS.databaseUnavailable });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ error: ERRORS.internal });
  });
}
