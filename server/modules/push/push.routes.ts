import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../common/contracts/errors';
import {
  deletePushSubscriptionBody,
  pushPublicKeyResponse,
  pushSubscriptionBody,
  pushSubscriptionResponse,
} from '../../../common/contracts/push';
import type { AppContext } from '../../context';
import { actorOf, requireMember } from '../../plugins/session-cookie';

/** Web push (decision 61): the VAPID public key and this device's subscription. */
export async function pushRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/push/public-key',
    { onRequest: requireMember, schema: { response: { 200: pushPublicKeyResponse, ...errorResponses } } },
    async () => ctx.push.publicKey(),
  );

  r.post(
    '/api/push/subscriptions',
    {
      onRequest: requireMember,
      schema: { body: pushSubscriptionBody, response: { 200: pushSubscriptionResponse, ...errorResponses } },
    },
    async (request) => ctx.push.subscribe(actorOf(request), request.body),
  );

  r.delete(
    '/api/push/subscriptions',
    {
      onRequest: requireMember,
      schema: {
        body: deletePushSubscriptionBody,
        response: { 200: pushSubscriptionResponse, ...errorResponses },
      },
    },
    async (request) => ctx.push.unsubscribe(actorOf(request), request.body.endpoint),
  );
}
