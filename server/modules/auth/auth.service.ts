import type { ChangePasswordBody, LoginBody, RegisterBody } from '../../../common/contracts/auth';
import { ERRORS } from '../../../common/contracts/errors';
import { handleBase, nextFreeHandle } from '../../../common/handles';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Actor, SessionStore } from '../../plugins/session';
import { tooManyAttemptsMessage, type LoginThrottle } from './login-throttle';

type Deps = { users: UsersRepository; sessions: SessionStore; throttle: LoginThrottle };

/** Account rules: registration, sign-in with throttling, sign-out (SPEC §5–§8, DESIGN.md 7 and 9). */
export function authService({ users, sessions, throttle }: Deps) {
  return {
    /** Creates the account and its first session; returns the user and the cookie token. */
    async register(input: RegisterBody): Promise<{ user: UserRow; token: string }> {
      const email = input.email; // trimmed and lower-cased by the contract
      if (await users.findByEmail(email)) throw new AppError('conflict', ERRORS.emailTaken);
      const passwordHash = await hashPassword(input.password);
      const base = handleBase(email);
      for (let attempt = 0; attempt < 5; attempt++) {
        const username = nextFreeHandle(base, await users.usernamesLike(base));
        const user = await users.insert({ email, username, name: username, passwordHash });
        if (user) return { user, token: await sessions.create(user.id) };
        // A conflict: the e-mail (someone registered it meanwhile) or the handle (try the next).
        if (await users.findByEmail(email)) throw new AppError('conflict', ERRORS.emailTaken);
      }
      throw new Error('Could not find a free handle for ' + base);
    },

    /** Signs in by e-mail (any letter case) or handle; the same 401 for a wrong password and an unknown user. */
    async login(input: LoginBody, address: string): Promise<{ user: UserRow; token: string }> {
      const identifier = input.username.trim().toLowerCase();
      const user = identifier.includes('@')
        ? await users.findByEmail(identifier)
        : await users.findByUsername(identifier);
      const account = user ? user.id : 'unknown:' + identifier;
      const wait = throttle.retryAfter(account, address);
      if (wait > 0) {
        throw new AppError('too_many_requests', tooManyAttemptsMessage(wait), {
          'retry-after': String(Math.ceil(wait / 1000)),
        });
      }
      const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !ok) {
        throttle.failed(account, address);
        throw new AppError('unauthorized', ERRORS.invalidCredentials);
      }
      throttle.succeeded(account);
      return { user, token: await sessions.create(user.id) };
    },

    async logout(tokenHash: string | null): Promise<void> {
      if (tokenHash) await sessions.revoke(tokenHash);
    },

    /**
     * Sets a new password after checking the current one; ends the change-password step and the
     * member's other sessions (DESIGN.md decision 1).
     */
    async changePassword(actor: Actor, input: ChangePasswordBody, address: string): Promise<UserRow> {
      const wait = throttle.retryAfter(actor.user.id, address);
      if (wait > 0) {
        throw new AppError('too_many_requests', tooManyAttemptsMessage(wait), {
          'retry-after': String(Math.ceil(wait / 1000)),
        });
      }
      if (!(await verifyPassword(actor.user.passwordHash, input.currentPassword))) {
        throttle.failed(actor.user.id, address);
        throw new AppError('unauthorized', ERRORS.invalidCredentials);
      }
      if (input.newPassword === input.currentPassword) {
        throw new AppError('bad_request', 'New password must differ from the current password');
      }
      throttle.succeeded(actor.user.id);
      const row = await users.update(actor.user.id, {
        passwordHash: await hashPassword(input.newPassword),
        mustChangePassword: false,
      });
      if (!row) throw new AppError('not_found', 'Account not found');
      await sessions.revokeOthers(row.id, actor.tokenHash);
      return row;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
