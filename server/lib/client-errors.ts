import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** What is logged (at info) of a request whose client left before its answer ended. */
export const CLIENT_CLOSED_MESSAGE = 'the client closed the request before its answer';

/** A connection reset, or closed by the client before the request it was sending ended. */
const HANG_UPS = new Set(['ECONNRESET', 'HPE_INVALID_EOF_STATE']);

const CLIENT_ERRORS: Record<string, { status: number; error: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, error: 'Request timeout: the request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, error: 'Request headers are too large' },
};

/**
 * Fastify's clientErrorHandler: errors of a connection before Fastify has a request (a head cut by
 * the header timeout, a malformed request, a reset). The client's doing, logged at `info`; when
 * nothing of an answer was sent yet, one `{ "error": "…" }` answer and the connection is closed.
 */
export function handleClientError(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  // A hang-up, mid-request or between requests: the request it cut (if any) is logged by the
  // onRequestAbort hook; there is nobody to answer.
  if (HANG_UPS.has(err.code ?? '') || socket.destroyed) {
    this.log.debug({ code: err.code }, 'client hung up');
    socket.destroy();
    return;
  }
  const { status, error } = CLIENT_ERRORS[err.code ?? ''] ?? { status: 400, error: 'Bad request' };
  this.log.info({ code: err.code, status }, status === 408 ? 'client too slow' : 'bad request from client');
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ error });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
