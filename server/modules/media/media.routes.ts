import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { UPLOAD_MAX_BYTES } from '../../../common/constants';
import { uploadResponse } from '../../../common/contracts/chat';
import { errorResponses } from '../../../common/contracts/errors';
import { mediaIdParams, mediaQuery, type MediaQuery } from '../../../common/contracts/media';
import { MEDIA_URL_PREFIX } from '../../../common/media-url';
import { actorOf, requireMember } from '../../plugins/session-cookie';
import { singleFile, uploadRoute } from '../../plugins/uploads';
import { saveChatUpload } from './media.service';

/** POST /api/upload: a chat attachment, checked by content and streamed to the blob store. */
export async function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/upload',
    {
      config: uploadRoute(ctx.config, 'multipart'),
      onRequest: requireMember,
      schema: {
        response: { 200: uploadResponse, ...errorResponses },
      },
    },
    async (request) => {
      const file = await singleFile(request, 'file', Math.max(...Object.values(UPLOAD_MAX_BYTES)));
      return { url: await saveChatUpload(ctx.media, actorOf(request), file.file, () => file.file.truncated) };
    },
  );
}

/**
 * GET /api/media/:id: every stored file, with its checked type, long private caching and Range;
 * `?size=small`, a photo's small version (decision 71).
 */
export async function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { id: string }; Querystring: MediaQuery }>(
    `${MEDIA_URL_PREFIX}:id`,
    { onRequest: requireMember, schema: { params: mediaIdParams, querystring: mediaQuery } },
    async (request, reply) => {
      const res = await ctx.mediaAccess.open(
        actorOf(request),
        request.params.id,
        { range: request.headers.range, ifNoneMatch: request.headers['if-none-match'] },
        { size: request.query.size },
      );
      const { file } = res;
      reply.headers({
        'cache-control': 'private, max-age=31536000, immutable',
        etag: file.etag,
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
      });
      if (res.status === 304) return reply.code(304).send();
      if (res.status === 416) {
        return reply
          .code(416)
          .header('content-range', `bytes */${file.size}`)
          .send({ error: 'Range not satisfiable' });
      }
      reply.type(file.contentType);
      if (res.status === 206 && res.range) {
        const { start, end } = res.range;
        reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${file.size}`)
          .header('content-length', end - start + 1);
      } else {
        reply.header('content-length', file.size);
      }
      return reply.send(res.body!());
    },
  );
}
