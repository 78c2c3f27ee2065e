import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../common/contracts/errors';
import { text } from '../../../common/contracts/fields';
import {
  notificationPreferences,
  putNotificationPreferencesBody,
} from '../../../common/contracts/notifications';
import { UNSUBSCRIBE_PATH, UNSUBSCRIBE_TOKEN_PARAM } from '../../../common/notification-mail';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { actorOf, requireMember } from '../../plugins/session-cookie';

/** The one body RFC 8058 allows: the List-Unsubscribe-Post header's key and value. */
const ONE_CLICK_KEY = 'List-Unsubscribe';
const ONE_CLICK_VALUE = 'One-Click';
const ONE_CLICK_BODY_LIMIT = 4096;

const notOneClick = () =>
  new AppError(
    'bad_request',
    'The body must be the form field List-Unsubscribe=One-Click (application/x-www-form-urlencoded or multipart/form-data)',
  );

/**
 * Whether a one-click POST's body is exactly the form field `List-Unsubscribe=One-Click` (RFC 8058
 * §3.1): as application/x-www-form-urlencoded (Gmail, a browser form) or multipart/form-data (the
 * RFC's example), and nothing else.
 */
export function isOneClickBody(contentType: string | undefined, body: unknown): boolean {
  if (typeof body !== 'string' || !contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    const fields = [...new URLSearchParams(body.trim()).entries()];
    return fields.length === 1 && fields[0]![0] === ONE_CLICK_KEY && fields[0]![1] === ONE_CLICK_VALUE;
  }
  if (type === 'multipart/form-data') {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    const b = boundary?.[1] ?? boundary?.[2];
    if (!b) return false;
    const parts = body
      .split(`--${b}`)
      .slice(1)
      .filter((p) => !/^--\s*$/.test(p));
    if (parts.length !== 1) return false;
    const part = parts[0]!.replace(/^\r?\n/, '');
    const cut = part.search(/\r?\n\r?\n/);
    if (cut < 0) return false;
    const head = part.slice(0, cut);
    const value = part
      .slice(cut)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, '');
    const name = /content-disposition:\s*form-data;\s*name="([^"]*)"/i.exec(head)?.[1];
    return name === ONE_CLICK_KEY && value === ONE_CLICK_VALUE;
  }
  return false;
}

const unsubscribeQuery = z.object({
  [UNSUBSCRIBE_TOKEN_PARAM]: text(UNSUBSCRIBE_TOKEN_PARAM, 'the token of an unsubscribe link').max(200, {
    error: `${UNSUBSCRIBE_TOKEN_PARAM} must be the token of an unsubscribe link`,
  }),
});
const unsubscribed = z.object({
  unsubscribed: z.string().describe("The kind whose e-mail is now 'never', or 'digest'"),
});

/**
 * The member's notification preferences (GET/PUT /api/notifications/preferences) and the one-click
 * unsubscribe (POST /unsubscribe?t=…, RFC 8058), decision 60.
 */
export async function notificationMailRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications/preferences',
    {
      onRequest: requireMember,
      schema: { response: { 200: notificationPreferences, ...errorResponses } },
    },
    async (request) => ctx.notificationMail.preferences(actorOf(request)),
  );

  r.put(
    '/api/notifications/preferences',
    {
      onRequest: requireMember,
      schema: {
        body: putNotificationPreferencesBody,
        response: { 200: notificationPreferences, ...errorResponses },
      },
    },
    async (request) => ctx.notificationMail.savePreferences(actorOf(request), request.body),
  );

  // Its own context: a form body (the app's other routes parse JSON only), and no cookie is read:
  // the token is the only authority (security.ts exempts this path from the Origin check).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) =>
        done(null, typeof body === 'string' ? body : body.toString('utf8')),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      UNSUBSCRIBE_PATH,
      {
        config: { formBody: true },
        schema: { querystring: unsubscribeQuery, response: { 200: unsubscribed, ...errorResponses } },
      },
      async (request) => {
        if (!isOneClickBody(request.headers['content-type'], request.body)) throw notOneClick();
        return ctx.notificationMail.unsubscribe(request.query[UNSUBSCRIBE_TOKEN_PARAM]);
      },
    );
  });
}
