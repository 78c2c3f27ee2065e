import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { SESSION_ABSOLUTE_MS } from '../../common/constants';
import { ERRORS } from '../../common/contracts/errors';
import { AppError } from '../lib/errors';
import type { Actor, SessionStore } from '../storage/session-store';
import { membershipRefusal } from '../policies/admission.policy';

/**
 * The session cookie in Fastify: read on every /api request into `request.actor` (the store,
 * server/storage/session-store.ts, says whose it is), set and cleared; and the guards on the actor.
 */
declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Routes a member who must change their password may still use (docs/decisions.md decision 1). */
    allowDuringPasswordChange?: boolean;
    /**
     * Routes a member whose join request waits for a coach (or was declined) may still use: their
     * own account, not the community (decision 54).
     */
    allowWhilePending?: boolean;
  }
}

export type SessionCookieOptions = { secure: boolean };

export function sessionCookieName(secure: boolean) {
  return secure ? '__Host-tribe36_session' : 'tribe36_session';
}

/** Reads the session cookie on every /api request and sets request.actor. */
export async function registerSessions(
  app: FastifyInstance,
  store: SessionStore,
  opts: SessionCookieOptions,
) {
  const name = sessionCookieName(opts.secure);
  await app.register(cookie, { hook: 'onRequest' });
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[name];
    request.actor = token ? await store.resolve(token) : null;
  });

  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
    this.setCookie(name, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secure,
      path: '/',
      maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure: opts.secure, path: '/' });
  });
}

declare module 'fastify' {
  interface FastifyReply {
    setSessionCookie(token: string): void;
    clearSessionCookie(): void;
  }
}

/** Guard: a signed-in member (who is not held at the password-change step). */
export async function requireMember(request: FastifyRequest) {
  const actor = request.actor;
  if (!actor) throw new AppError('unauthorized', ERRORS.notSignedIn);
  if (actor.user.mustChangePassword && !request.routeOptions.config.allowDuringPasswordChange) {
    throw new AppError('forbidden', ERRORS.passwordChangeRequired);
  }
  const waiting = membershipRefusal(actor.user, actor.isAdmin);
  if (waiting && !request.routeOptions.config.allowWhilePending) throw new AppError('forbidden', waiting);
}

/** Guard: a signed-in admin. */
export async function requireAdmin(request: FastifyRequest) {
  await requireMember(request);
  if (!request.actor!.isAdmin) throw new AppError('forbidden', ERRORS.forbidden);
}

/** The actor after a guard has run. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', ERRORS.notSignedIn);
  return request.actor;
}
