import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../common/contracts/errors';
import {
  calendarFeedResponse,
  calendarFeedStatus,
  createEventBody,
  event,
  eventIdParams,
  eventScopeQuery,
  eventsCreated,
  eventsChanged,
  eventsDeleted,
  eventsQuery,
  eventsResponse,
  feedTokenParams,
  rsvpBody,
  updateEventBody,
} from '../../../common/contracts/events';
import type { AppContext } from '../../context';
import { actorOf, requireMember } from '../../plugins/session-cookie';
import { allowedTo } from '../../policies/guard';

const noContent = z.null().describe('No content');
const CALENDAR = 'text/calendar; charset=utf-8';

/** Sessions, RSVPs, calendar files and feeds (issue 34 §2, decision 82). */
export async function eventsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/events',
    {
      onRequest: requireMember,
      schema: { querystring: eventsQuery, response: { 200: eventsResponse, ...errorResponses } },
    },
    async (request) => ctx.events.list(actorOf(request), request.query),
  );

  r.post(
    '/api/events',
    {
      onRequest: allowedTo('events.manage'),
      schema: { body: createEventBody, response: { 201: eventsCreated, ...errorResponses } },
    },
    async (request, reply) =>
      reply.code(201).send({ events: await ctx.events.create(actorOf(request), request.body) }),
  );

  r.get(
    '/api/events/:id.ics',
    {
      onRequest: requireMember,
      schema: {
        params: eventIdParams,
        response: { 200: z.string().describe('text/calendar'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await ctx.events.ics(actorOf(request), request.params.id);
      return reply
        .type(CALENDAR)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'attachment; filename="session.ics"')
        .serializer((s: unknown) => s as string)
        .send(body);
    },
  );

  r.get(
    '/api/events/:id',
    {
      onRequest: requireMember,
      schema: { params: eventIdParams, response: { 200: event, ...errorResponses } },
    },
    async (request) => ctx.events.get(actorOf(request), request.params.id),
  );

  r.patch(
    '/api/events/:id',
    {
      onRequest: allowedTo('events.manage'),
      schema: {
        params: eventIdParams,
        querystring: eventScopeQuery,
        body: updateEventBody,
        response: { 200: eventsChanged, ...errorResponses },
      },
    },
    async (request) => ({
      events: await ctx.events.update(actorOf(request), request.params.id, request.body, request.query.scope),
    }),
  );

  r.delete(
    '/api/events/:id',
    {
      onRequest: allowedTo('events.manage'),
      schema: {
        params: eventIdParams,
        querystring: eventScopeQuery,
        response: { 200: eventsDeleted, ...errorResponses },
      },
    },
    async (request) => ctx.events.remove(actorOf(request), request.params.id, request.query.scope),
  );

  r.put(
    '/api/events/:id/rsvp',
    {
      onRequest: requireMember,
      schema: { params: eventIdParams, body: rsvpBody, response: { 200: event, ...errorResponses } },
    },
    async (request) => ctx.events.rsvp(actorOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/calendar-feed',
    { onRequest: requireMember, schema: { response: { 200: calendarFeedStatus, ...errorResponses } } },
    async (request) => ctx.events.feedStatus(actorOf(request)),
  );

  r.post(
    '/api/calendar-feed',
    { onRequest: requireMember, schema: { response: { 201: calendarFeedResponse, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await ctx.events.createFeed(actorOf(request))),
  );

  r.delete(
    '/api/calendar-feed',
    { onRequest: requireMember, schema: { response: { 204: noContent, ...errorResponses } } },
    async (request, reply) => {
      await ctx.events.revokeFeed(actorOf(request));
      return reply.code(204).send(null);
    },
  );

  // No cookie: calendar apps ask for it. The token in the path is the secret.
  r.get(
    '/api/calendar/:token.ics',
    {
      schema: {
        params: feedTokenParams,
        response: { 200: z.string().describe('text/calendar'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await ctx.events.feed(request.params.token, request.ip);
      return reply
        .type(CALENDAR)
        .header('cache-control', 'private, max-age=300')
        .header('referrer-policy', 'no-referrer')
        .serializer((s: unknown) => s as string)
        .send(body);
    },
  );
}
