import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import { UPLOAD_IDLE_TIMEOUT_MS } from '../../common/constants';
import { ERRORS } from '../../common/contracts/errors';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an upload (see uploadRoute): its body is `multipart/form-data` or a raw
     * stream. Only these routes accept a multipart body; every other one answers 415.
     */
    upload?: { body: 'multipart' | 'raw'; idleMs: number };
    /**
     * The route parses its own small form body, multipart included: the one-click unsubscribe
     * (RFC 8058, decision 60), whose body is `List-Unsubscribe=One-Click` in either form encoding.
     */
    formBody?: true;
  }
}

/**
 * The route config of a route that takes an upload, e.g. `config: uploadRoute(ctx.config, 'multipart')`:
 * it may take a multipart body (when 'multipart'), and it is aborted when it sends nothing for
 * UPLOAD_IDLE_TIMEOUT_MS (or the config's uploadIdleMs).
 */
export function uploadRoute(config: Pick<Config, 'uploadIdleMs'>, body: 'multipart' | 'raw') {
  return { upload: { body, idleMs: config.uploadIdleMs ?? UPLOAD_IDLE_TIMEOUT_MS } };
}

const BODYLESS_METHODS = new Set(['GET', 'HEAD']);
const MULTIPART = /^\s*multipart\//i;

/**
 * Multipart parsing, streamed: files are never buffered in memory or written to temp files by the
 * parser. Multipart bodies are taken by the upload routes only; uploads that stall are aborted.
 */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 20, files: 1, parts: 30, headerPairs: 100 },
  });
  // Before the body is parsed (and after the route's guards): a JSON route refuses a multipart
  // body as it refuses any other non-JSON one, and an upload gets its idle watchdog.
  // A callback hook: it runs on every request.
  app.addHook('preParsing', (request, reply, payload, done) => {
    const upload = request.routeOptions.config.upload;
    if (upload) {
      abortWhenIdle(request, reply, upload.idleMs);
      return done(null, payload);
    }
    if (
      !request.routeOptions.config.formBody &&
      !BODYLESS_METHODS.has(request.method) &&
      MULTIPART.test(request.headers['content-type'] ?? '')
    ) {
      return done(new AppError('unsupported_media_type', ERRORS.unsupportedMediaType));
    }
    done(null, payload);
  });
}

/**
 * Aborts the request when its client sends nothing for `idleMs` while the body is still arriving:
 * the socket's own inactivity timer, shortened for the time of the body and restored once it has
 * arrived. Destroying the request fails the body stream, so the store removes its part file.
 */
function abortWhenIdle(request: FastifyRequest, reply: FastifyReply, idleMs: number) {
  const req = request.raw;
  const res = reply.raw;
  const socket = req.socket as typeof req.socket | undefined;
  // Injected requests (tests) have no real socket to time.
  if (req.complete || !socket || typeof socket.setTimeout !== 'function') return;
  const previous = socket.timeout ?? 0;
  const stop = () => {
    res.off('timeout', onIdle);
    // Unless Node has set its own since (the keep-alive wait after an answer).
    if (!socket.destroyed && socket.timeout === idleMs) socket.setTimeout(previous);
  };
  // Node tells the answer of a socket's request when the socket times out; with a listener, it
  // leaves the socket to it.
  function onIdle() {
    // The whole body is in, only not read yet: the rest is the server's work, not the client's.
    if (req.complete) return stop();
    request.log.info({ idleMs }, 'upload aborted: the client sent nothing');
    req.destroy(new AppError('bad_request', `The upload stalled: nothing arrived for ${idleMs / 1000} s`));
  }
  res.on('timeout', onIdle);
  socket.setTimeout(idleMs);
  req.once('end', stop);
  res.once('close', () => res.off('timeout', onIdle));
}

const INTERRUPTED = 'The upload was interrupted';
/** What a client that hangs up mid-body makes the streams fail with. */
const HANG_UP_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);
/** The parser's own limits: the part is cut (or the rest ignored) and the consumer decides. */
const LIMIT_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
]);
const LIMIT_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: 'The uploaded file is too large',
  FST_FILES_LIMIT: 'The upload has too many files',
  FST_FIELDS_LIMIT: 'The upload has too many fields',
  FST_PARTS_LIMIT: 'The upload has too many parts',
};

/**
 * What the multipart parser (busboy, @fastify/multipart) or the request stream failed with, as the
 * API's answer: our own errors as they are (an idle abort), a limit as 413, a hang-up as
 * "interrupted", and anything else the parser says (no boundary, a body cut before its closing
 * boundary, a bad part header, not multipart at all) as 400 "Malformed upload".
 */
export function uploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (LIMIT_MESSAGES[code]) return new AppError('payload_too_large', LIMIT_MESSAGES[code]);
  if (code === 'FST_MP_PREMATURE_CLOSE' || HANG_UP_CODES.has(code) || e?.message === 'aborted') {
    return new AppError('bad_request', INTERRUPTED);
  }
  return new AppError('bad_request', ERRORS.malformedUpload);
}

/** An upload refused while parsing: the unread rest of the body is drained, and the error mapped. */
function refused(request: FastifyRequest, err: unknown): AppError {
  if (!request.raw.destroyed) request.raw.resume();
  return uploadError(err);
}

type FileStream = MultipartFile['file'];

/**
 * The file of a part as its consumer reads it: the parser's errors (and a hang-up) arrive mapped
 * by uploadError, also when they came before the consumer listened. With `complete`, the stream
 * ends only once the whole multipart body was read without error: a body cut after the file part
 * but before its closing boundary fails the file too, so nothing of it is kept.
 */
function guardedFile(file: FileStream, complete?: Promise<void>): FileStream {
  const out = new PassThrough();
  Object.defineProperties(out, {
    truncated: { get: () => file.truncated },
    bytesRead: { get: () => file.bytesRead },
  });
  // The consumer listens through its own pipeline; an error after it stopped must not throw.
  out.on('error', () => {});
  const fail = (err: unknown) => {
    if (!out.destroyed) out.destroy(uploadError(err));
  };
  const ended = () => {
    if (!complete) return out.end();
    complete.then(
      () => out.end(),
      (err: unknown) => {
        const code = (err as { code?: unknown } | null)?.code;
        if (typeof code === 'string' && LIMIT_CODES.has(code)) out.end();
        else fail(err);
      },
    );
  };
  if (file.errored) fail(file.errored);
  else if (file.destroyed && !file.readableEnded) fail(new AppError('bad_request', INTERRUPTED));
  file.on('error', fail);
  file.on('close', () => {
    if (!file.readableEnded) fail(new AppError('bad_request', INTERRUPTED));
  });
  if (file.readableEnded) ended();
  else file.once('end', ended);
  file.pipe(out, { end: false });
  return out as unknown as FileStream;
}

/**
 * The request's single file, from the multipart field `field`, cut by the parser at `maxBytes`
 * (the caller checks `file.truncated`). Anything else is a clear 4xx.
 */
export async function singleFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<MultipartFile> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      `Send the file as multipart/form-data in the field "${field}"`,
    );
  }
  const parts = request.parts({ limits: { fileSize: maxBytes, files: 1 } });
  let file: MultipartFile | undefined;
  try {
    // Fields before the file are skipped.
    for (let r = await parts.next(); !r.done; r = await parts.next()) {
      if (r.value.type === 'file') {
        file = r.value;
        break;
      }
    }
  } catch (err) {
    throw refused(request, err);
  }
  if (!file) throw new AppError('bad_request', `${field} file is required`);
  if (file.fieldname !== field) {
    file.file.resume();
    throw new AppError('bad_request', `${field} file is required`);
  }
  // The rest of the body, read to its closing boundary (anything after the file is ignored).
  const rest = (async () => {
    for (let r = await parts.next(); !r.done; r = await parts.next()) {
      if (r.value.type === 'file') r.value.file.resume();
    }
  })();
  rest.catch(() => {}); // read by the file stream when it ends; never an unhandled rejection
  const busboyFile = file.file;
  // A client that hangs up mid-upload: end the file stream so the store drops what it wrote.
  request.raw.once('close', () => {
    if (!request.raw.complete) busboyFile.destroy(new AppError('bad_request', INTERRUPTED));
  });
  return { ...file, file: guardedFile(busboyFile, rest) };
}

/**
 * The parts of a multipart request, in order, for routes that take several: files streamed (the
 * consumer reads or resumes each before the next comes), every failure mapped by uploadError.
 */
export async function* uploadParts(
  request: FastifyRequest,
  options: Parameters<FastifyRequest['parts']>[0],
): AsyncGenerator<Multipart> {
  const parts = request.parts(options);
  for (;;) {
    let r: IteratorResult<Multipart>;
    try {
      r = await parts.next();
    } catch (err) {
      throw refused(request, err);
    }
    if (r.done) return;
    yield r.value.type === 'file' ? { ...r.value, file: guardedFile(r.value.file) } : r.value;
  }
}
