import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberIdParams } from '../../../common/contracts/admin';
import {
  communitySettingsBody,
  communitySettingsResponse,
  createInviteBody,
  createInviteResponse,
  idParams,
  invite,
  invitesResponse,
  joinRequest,
  joinRequestsResponse,
  memberCommunitySettingsResponse,
  suspendBody,
  suspension,
} from '../../../common/contracts/community';
import { okResponse } from '../../../common/contracts/auth';
import { errorResponses } from '../../../common/contracts/errors';
import type { AppContext } from '../../context';
import { actorOf, requireMember } from '../../plugins/session-cookie';
import { allowedTo } from '../../policies/guard';

/**
 * /api/admin: the community's admission (decision 54) and time zone (decision 83), join requests,
 * invitations and suspensions. Admins only: visitors 401, members 403. And /api/community/settings,
 * what members' pages need of the settings (the time zone).
 */
export async function communityRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const c = ctx.community;
  const manage = allowedTo('community.manage');

  r.get(
    '/api/admin/community',
    { onRequest: manage, schema: { response: { 200: communitySettingsResponse, ...errorResponses } } },
    async (request) => c.settings(actorOf(request)),
  );

  r.get(
    '/api/community/settings',
    {
      onRequest: requireMember,
      schema: { response: { 200: memberCommunitySettingsResponse, ...errorResponses } },
    },
    async () => c.timeZone(),
  );

  r.patch(
    '/api/admin/community',
    {
      onRequest: manage,
      schema: {
        body: communitySettingsBody,
        response: { 200: communitySettingsResponse, ...errorResponses },
      },
    },
    async (request) => c.updateSettings(actorOf(request), request.body),
  );

  r.get(
    '/api/admin/join-requests',
    { onRequest: manage, schema: { response: { 200: joinRequestsResponse, ...errorResponses } } },
    async (request) => ({ requests: await c.joinRequests(actorOf(request)) }),
  );

  r.post(
    '/api/admin/join-requests/:id/approve',
    {
      onRequest: manage,
      schema: { params: idParams, response: { 200: z.object({ request: joinRequest }), ...errorResponses } },
    },
    async (request) => ({ request: await c.approve(actorOf(request), request.params.id) }),
  );

  r.post(
    '/api/admin/join-requests/:id/decline',
    {
      onRequest: manage,
      schema: { params: idParams, response: { 200: z.object({ request: joinRequest }), ...errorResponses } },
    },
    async (request) => ({ request: await c.decline(actorOf(request), request.params.id) }),
  );

  r.get(
    '/api/admin/invites',
    { onRequest: manage, schema: { response: { 200: invitesResponse, ...errorResponses } } },
    async (request) => ({ invites: await c.listInvites(actorOf(request)) }),
  );

  r.post(
    '/api/admin/invites',
    {
      onRequest: manage,
      schema: { body: createInviteBody, response: { 201: createInviteResponse, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await c.createInvite(actorOf(request), request.body)),
  );

  r.delete(
    '/api/admin/invites/:id',
    {
      onRequest: manage,
      schema: { params: idParams, response: { 200: z.object({ invite }), ...errorResponses } },
    },
    async (request) => ({ invite: await c.revokeInvite(actorOf(request), request.params.id) }),
  );

  r.post(
    '/api/admin/members/:id/suspend',
    {
      onRequest: allowedTo('members.manage'),
      schema: {
        params: memberIdParams,
        body: suspendBody,
        response: { 200: z.object({ suspension }), ...errorResponses },
      },
    },
    async (request) => ({
      suspension: await c.suspend(actorOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/api/admin/members/:id/unsuspend',
    {
      onRequest: allowedTo('members.manage'),
      schema: { params: memberIdParams, response: { 200: okResponse, ...errorResponses } },
    },
    async (request) => c.unsuspend(actorOf(request), request.params.id),
  );
}
