import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../common/contracts/errors';
import {
  CAPTIONS_MAX_BYTES,
  lessonSlotParams,
  lessonVideoResponse,
  registerLessonVideoBody,
  uploadTokenParams,
  uploadUrlResponse,
} from '../../../common/contracts/lessons';
import { okResponse } from '../../../common/contracts/auth';
import type { AppContext } from '../../context';
import { actorOf, requireMember } from '../../plugins/session-cookie';
import { allowedTo } from '../../policies/guard';
import { singleFile, uploadRoute } from '../../plugins/uploads';

/** Lesson videos: the slot's video, upload URLs, the PUT they take, and registration. */
export async function lessonsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/lesson-videos/:thinkTank/:topicSlug/:lessonSlug',
    {
      onRequest: requireMember,
      schema: { params: lessonSlotParams, response: { 200: lessonVideoResponse, ...errorResponses } },
    },
    async (request) => ctx.lessons.video(actorOf(request), request.params),
  );

  r.post(
    '/api/lesson-videos/:thinkTank/:topicSlug/:lessonSlug/captions',
    {
      config: uploadRoute(ctx.config, 'multipart'),
      onRequest: allowedTo('lesson-captions.upload'),
      schema: { params: lessonSlotParams, response: { 200: lessonVideoResponse, ...errorResponses } },
    },
    async (request) => {
      const file = await singleFile(request, 'file', CAPTIONS_MAX_BYTES);
      return ctx.lessons.saveCaptions(actorOf(request), request.params, file.file, () => file.file.truncated);
    },
  );

  r.post(
    '/api/videos/upload-url',
    {
      onRequest: allowedTo('lesson-video.upload'),
      schema: { response: { 200: uploadUrlResponse, ...errorResponses } },
    },
    async (request) => ({ uploadURL: await ctx.lessons.issueUploadUrl(actorOf(request)) }),
  );

  r.post(
    '/api/lesson-videos/upload',
    {
      onRequest: allowedTo('lesson-video.upload'),
      schema: { body: registerLessonVideoBody, response: { 200: lessonVideoResponse, ...errorResponses } },
    },
    async (request) => ({
      videoUrl: await ctx.lessons.register(actorOf(request), request.body),
      captionsUrl: null,
    }),
  );

  // The PUT carries the raw file in whatever type it declares: a scope whose only parser hands the
  // body over as a stream. The URL's token is the credential (it is issued to an admin).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/videos/upload/:token',
      {
        config: uploadRoute(ctx.config, 'raw'),
        schema: { params: uploadTokenParams, response: { 200: okResponse, ...errorResponses } },
      },
      async (request) => {
        const length = Number(request.headers['content-length']);
        const body = (request.body as NodeJS.ReadableStream | undefined) ?? request.raw;
        await ctx.lessons.receive(
          request.params.token,
          body as never,
          Number.isFinite(length) ? length : null,
        );
        return { ok: true as const };
      },
    );
  });
}
