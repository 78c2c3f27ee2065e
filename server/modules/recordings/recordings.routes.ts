import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponse } from '../../../common/contracts/auth';
import { errorResponses } from '../../../common/contracts/errors';
import {
  RECORDING_MAX_BYTES,
  recording,
  recordingIdParams,
  recordingsResponse,
} from '../../../common/contracts/recordings';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { actorOf, requireMember } from '../../plugins/session-cookie';
import { uploadParts, uploadRoute } from '../../plugins/uploads';
import type { UploadPart } from './recordings.service';

/** The multipart parts of a recording upload, files streamed (never buffered). */
async function* partsOf(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'Send the recording as multipart/form-data');
  const parts = uploadParts(request, {
    limits: { fileSize: RECORDING_MAX_BYTES, files: 2, fields: 10, fieldSize: 4096 },
  });
  // On a refusal the loop stops here; Node discards the unread rest of the request once answered.
  for await (const part of parts) {
    if (part.type === 'file') {
      yield {
        type: 'file',
        fieldname: part.fieldname,
        file: part.file,
        truncated: () => part.file.truncated,
      };
    } else {
      yield { type: 'field', fieldname: part.fieldname, value: String(part.value) };
    }
  }
}

/** /api/recordings: upload, list and delete one's own voiceover recordings. */
export async function recordingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/recordings/upload',
    {
      config: uploadRoute(ctx.config, 'multipart'),
      onRequest: requireMember,
      schema: { response: { 201: recording, ...errorResponses } },
    },
    async (request, reply) =>
      reply.code(201).send(await ctx.recordings.upload(actorOf(request), partsOf(request))),
  );

  r.get(
    '/api/recordings',
    { onRequest: requireMember, schema: { response: { 200: recordingsResponse, ...errorResponses } } },
    async (request) => ctx.recordings.list(actorOf(request)),
  );

  r.delete(
    '/api/recordings/:id',
    {
      onRequest: requireMember,
      schema: {
        params: recordingIdParams,
        response: { 200: okResponse, ...errorResponses },
      },
    },
    async (request) => {
      await ctx.recordings.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
