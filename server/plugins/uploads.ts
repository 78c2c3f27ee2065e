import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { AppError } from '../lib/errors';

/** Multipart parsing, streamed: files are never buffered in memory or written to temp files by the parser. */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 20, files: 1, parts: 30, headerPairs: 100 },
  });
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
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file) throw new AppError('bad_request', `${field} file is required`);
  // A client that hangs up mid-upload: end the file stream so the store drops what it wrote.
  request.raw.once('close', () => {
    if (!request.raw.complete) file.file.destroy(new AppError('bad_request', 'The upload was interrupted'));
  });
  if (file.fieldname !== field) {
    file.file.resume();
    throw new AppError('bad_request', `${field} file is required`);
  }
  return file;
}
