import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../common/contracts/errors';
import { leaderboardQuery, leaderboardResponse } from '../../../common/contracts/leaderboard';
import type { AppContext } from '../../context';
import { sendPrepared } from '../../lib/prepared-answer';
import { actorOf, requireMember } from '../../plugins/session-cookie';

/** /api/leaderboard (members): the week's, month's or all time's board and the viewer's standing (decision 83). */
export async function leaderboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/leaderboard',
    {
      onRequest: requireMember,
      schema: { querystring: leaderboardQuery, response: { 200: leaderboardResponse, ...errorResponses } },
    },
    // Bytes made once per board and viewer, with an ETag: asked again unchanged, 304.
    async (request, reply) =>
      sendPrepared(request, reply, await ctx.leaderboard.board(actorOf(request), request.query.period)),
  );
}
