import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeEmailBody,
  changeEmailResponse,
  changePasswordBody,
  confirmEmailBody,
  deleteAccountBody,
  forgotPasswordBody,
  forgotPasswordResponse,
  resetPasswordBody,
  loginBody,
  okResponse,
  profileUpdateBody,
  registerBody,
  userResponse,
} from '../../../common/contracts/auth';
import { errorResponses } from '../../../common/contracts/errors';
import { profilePictureResponse } from '../../../common/contracts/members';
import { PASSWORD_RESET_SENT, PROFILE_IMAGE_MAX_BYTES } from '../../../common/constants';
import { singleFile, uploadRoute } from '../../plugins/uploads';
import { presentCurrentUser } from '../../presenters/user.presenter';
import { actorOf, requireMember } from '../../plugins/session-cookie';
import type { AppContext } from '../../context';
import { deviceCookieName, deviceCookieOptions } from './device-cookie';

/**
 * /api/auth: register, login, me, logout, profile, and the mailed links (confirm, forgotten
 * password, change of address) and account deletion. Thin: schema, guard, one service call.
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const present = (row: Parameters<typeof presentCurrentUser>[0]) =>
    presentCurrentUser(row, ctx.config.adminEmails);
  const secure = ctx.config.secureCookies;
  const deviceCookie = deviceCookieName(secure);
  // Mailed links are built on the origin fixed at start-up, never on this request (decision 46).
  const client = (request: FastifyRequest) => ({
    address: request.ip,
    deviceCookie: request.cookies[deviceCookie],
  });
  /** The session cookie, then the device cookie (docs/decisions.md decision 7). */
  const signIn = (reply: FastifyReply, signedIn: { token: string; deviceCookie: string }) => {
    reply.setSessionCookie(signedIn.token);
    reply.setCookie(deviceCookie, signedIn.deviceCookie, deviceCookieOptions(secure));
  };

  r.post(
    '/api/auth/register',
    { schema: { body: registerBody, response: { 201: userResponse, ...errorResponses } } },
    async (request, reply) => {
      const signedIn = await ctx.auth.register(request.body, client(request));
      signIn(reply, signedIn);
      return reply.code(201).send({ user: present(signedIn.user) });
    },
  );

  r.post(
    '/api/auth/confirm-email',
    {
      config: { allowDuringPasswordChange: true },
      schema: { body: confirmEmailBody, response: { 200: okResponse, ...errorResponses } },
    },
    async (request) => {
      await ctx.emailConfirmation.confirm(request.body.token);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/resend-confirmation',
    {
      config: { allowWhilePending: true },
      onRequest: requireMember,
      schema: { response: { 200: okResponse, ...errorResponses } },
    },
    async (request) => {
      await ctx.emailConfirmation.resend(actorOf(request));
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { allowDuringPasswordChange: true },
      schema: { body: forgotPasswordBody, response: { 200: forgotPasswordResponse, ...errorResponses } },
    },
    async (request) => {
      await ctx.passwordReset.request(request.body.email, request.ip);
      return { ok: true as const, message: PASSWORD_RESET_SENT };
    },
  );

  r.post(
    '/api/auth/reset-password/check',
    {
      config: { allowDuringPasswordChange: true },
      schema: { body: confirmEmailBody, response: { 200: okResponse, ...errorResponses } },
    },
    async (request) => {
      await ctx.passwordReset.check(request.body.token);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { allowDuringPasswordChange: true },
      schema: { body: resetPasswordBody, response: { 200: userResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const signedIn = await ctx.passwordReset.reset(request.body);
      signIn(reply, signedIn);
      return { user: present(signedIn.user) };
    },
  );

  r.post(
    '/api/auth/change-email',
    {
      config: { allowWhilePending: true },
      onRequest: requireMember,
      schema: { body: changeEmailBody, response: { 200: changeEmailResponse, ...errorResponses } },
    },
    async (request) => ({
      ok: true as const,
      pendingEmail: await ctx.account.changeEmail(actorOf(request), request.body, request.ip),
    }),
  );

  r.post(
    '/api/auth/delete-account',
    {
      config: { allowWhilePending: true },
      onRequest: requireMember,
      schema: { body: deleteAccountBody, response: { 200: okResponse, ...errorResponses } },
    },
    async (request, reply) => {
      await ctx.account.deleteAccount(actorOf(request), request.body, request.ip);
      reply.clearSessionCookie();
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/login',
    { schema: { body: loginBody, response: { 200: userResponse, ...errorResponses } } },
    async (request, reply) => {
      const signedIn = await ctx.auth.login(request.body, client(request));
      signIn(reply, signedIn);
      return { user: present(signedIn.user) };
    },
  );

  r.get(
    '/api/auth/me',
    {
      config: { allowDuringPasswordChange: true, allowWhilePending: true },
      onRequest: requireMember,
      schema: { response: { 200: userResponse, ...errorResponses } },
    },
    async (request) => ({ user: present(actorOf(request).user) }),
  );

  r.post(
    '/api/auth/logout',
    {
      config: { allowDuringPasswordChange: true },
      schema: { response: { 200: okResponse, ...errorResponses } },
    },
    async (request, reply) => {
      await ctx.auth.logout(request.actor?.tokenHash ?? null);
      reply.clearSessionCookie();
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/change-password',
    {
      config: { allowDuringPasswordChange: true, allowWhilePending: true },
      onRequest: requireMember,
      schema: { body: changePasswordBody, response: { 200: userResponse, ...errorResponses } },
    },
    async (request) => ({
      user: present(await ctx.auth.changePassword(actorOf(request), request.body, request.ip)),
    }),
  );

  r.post(
    '/api/auth/upload-profile-picture',
    {
      config: uploadRoute(ctx.config, 'multipart'),
      onRequest: requireMember,
      schema: { response: { 200: profilePictureResponse, ...errorResponses } },
    },
    async (request) => {
      const file = await singleFile(request, 'profilePicture', PROFILE_IMAGE_MAX_BYTES);
      const url = await ctx.profile.uploadPicture(actorOf(request), file.file, () => file.file.truncated);
      return { profilePictureUrl: url };
    },
  );

  r.patch(
    '/api/auth/profile',
    {
      onRequest: requireMember,
      schema: { body: profileUpdateBody, response: { 200: userResponse, ...errorResponses } },
    },
    async (request) => ({ user: present(await ctx.profile.update(actorOf(request), request.body)) }),
  );
}
