import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../common/contracts/errors';
import {
  markReadBody,
  markReadResponse,
  notificationsQuery,
  notificationsResponse,
  unreadCountResponse,
} from '../../../common/contracts/notifications';
import type { AppContext } from '../../context';
import { actorOf, requireMember } from '../../plugins/session-cookie';

/** A member's notifications (decision 56): the list, the unread count, marking read. */
export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications',
    {
      onRequest: requireMember,
      schema: {
        querystring: notificationsQuery,
        response: { 200: notificationsResponse, ...errorResponses },
      },
    },
    async (request) => ctx.notifications.list(actorOf(request), request.query),
  );

  r.get(
    '/api/notifications/unread-count',
    {
      onRequest: requireMember,
      schema: { response: { 200: unreadCountResponse, ...errorResponses } },
    },
    async (request) => ctx.notifications.unreadCount(actorOf(request)),
  );

  r.post(
    '/api/notifications/read',
    {
      onRequest: requireMember,
      schema: { body: markReadBody, response: { 200: markReadResponse, ...errorResponses } },
    },
    async (request) => ctx.notifications.markRead(actorOf(request), request.body),
  );
}
