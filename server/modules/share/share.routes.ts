import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MIB } from '../../../common/constants';
import { SHARE_PATH, sharePageUrl } from '../../../common/share-target';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { uploadRoute } from '../../plugins/uploads';

/**
 * The most of a share's body the server reads (and throws away) before it answers: a phone's slow-motion
 * clip is rarely over a few hundred megabytes. Past it the answer is 413 and the connection is closed.
 */
export const SHARE_DISCARD_LIMIT = 1024 * MIB;

const tooLarge = () =>
  new AppError(
    'payload_too_large',
    'The shared file was not taken: open Tribe36 once on this device, then share the clip again',
    { connection: 'close' },
  );

/**
 * Reads a body to its end and keeps none of it: the server never takes a shared clip (decision 63).
 * A body past SHARE_DISCARD_LIMIT (declared or as it arrives) is refused.
 */
function discardBody(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (err: Error | null, body?: unknown) => void,
) {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > SHARE_DISCARD_LIMIT) return done(tooLarge());
  let seen = 0;
  let finished = false;
  const finish = (err: Error | null) => {
    if (finished) return;
    finished = true;
    payload.removeListener('data', onData);
    done(err, undefined);
  };
  const onData = (chunk: Buffer | string) => {
    seen += chunk.length;
    if (seen > SHARE_DISCARD_LIMIT) finish(tooLarge());
  };
  payload.on('data', onData);
  payload.once('end', () => finish(null));
  payload.once('error', (err: Error) =>
    finish(
      err instanceof AppError ? err : new AppError('bad_request', 'The shared file did not arrive whole'),
    ),
  );
}

/**
 * POST /share, the manifest's share target, as the server sees it: only when no service worker took
 * the share (the app's first visit on this device, its storage cleared, a browser that shares without
 * running the worker). The file is not kept, whatever the body is (multipart, malformed or none): the
 * member is sent to the physiological page (303, a GET), which says the clip did not arrive and how
 * to share it again (decision 63).
 */
export async function shareRoutes(app: FastifyInstance, ctx: AppContext) {
  // Its own context: any body, read by nothing (the app's other routes parse JSON only); it reads no
  // cookie and changes nothing, so security.ts exempts it from the Origin check.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', discardBody);
    scope.post(
      SHARE_PATH,
      // formBody: the route takes a body of its own, multipart included; upload: a body that stalls
      // is cut after the uploads' idle timeout.
      { config: { formBody: true, ...uploadRoute(ctx.config, 'multipart') } },
      async (_request, reply) =>
        reply.code(303).header('cache-control', 'no-store').header('location', sharePageUrl('missed')).send(),
    );
  });
}
