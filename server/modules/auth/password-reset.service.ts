import { PASSWORD_RESET_TTL_MS, PASSWORD_RESETS_PER_HOUR } from '../../../common/constants';
import type { ResetPasswordBody } from '../../../common/contracts/auth';
import { suspendedMessage } from '../../../common/contracts/community';
import { RESET_PASSWORD_PATH } from '../../../common/mailed-links';
import type { AccountsRepository } from '../../db/repositories/accounts.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { activeSuspension } from '../../policies/admission.policy';
import type { SessionStore } from '../../storage/session-store';
import { invalidLink, type AccountLinks } from './account-links';
import { greetingName, resetPasswordMail, type MailSender } from './account-mail';
import { startSession, type SignedIn } from './auth.service';
import type { DeviceCookies } from './device-cookie';
import { retryAfterHeader, tooManyResetRequestsMessage, type LoginThrottle } from './login-throttle';

type Deps = {
  links: AccountLinks;
  users: UsersRepository;
  accounts: Pick<AccountsRepository, 'setPassword'>;
  sessions: SessionStore;
  devices: DeviceCookies;
  throttle: LoginThrottle;
  mail: MailSender;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * Forgotten passwords (decision 18). A request is answered before anything about the address is
 * looked up: the look-up and the mail happen afterwards, so a known address and an unknown one get
 * the same answer in the same time. A link (single use, 1 hour) sets a new password, ends every
 * session of the account and signs this browser in.
 */
export function passwordResetService({
  links,
  users,
  accounts,
  sessions,
  devices,
  throttle,
  mail,
  log,
}: Deps) {
  const pending = new Set<Promise<void>>();

  async function sendLink(email: string): Promise<void> {
    const user = await users.findByEmail(email);
    if (!user || user.deletedAt) {
      log.info({ event: 'password-reset' }, 'password reset asked for an address with no account');
      return;
    }
    const link = await links.issue(
      user.id,
      'reset-password',
      user.email,
      PASSWORD_RESET_TTL_MS,
      RESET_PASSWORD_PATH,
      { max: PASSWORD_RESETS_PER_HOUR, windowMs: HOUR_MS },
    );
    if (!link) {
      log.info({ event: 'password-reset', userId: user.id }, 'password reset not sent: hourly limit');
      return;
    }
    await mail.send(resetPasswordMail(user.email, greetingName(user), link));
  }

  return {
    /**
     * Takes a request for `email` from `address` (429 past the hourly limit per address) and
     * returns at once; the link is mailed, at most PASSWORD_RESETS_PER_HOUR an hour, if the
     * address belongs to an account.
     */
    async request(email: string, address: string): Promise<void> {
      const wait = await throttle.passwordReset(address);
      if (wait > 0) {
        throw new AppError('too_many_requests', tooManyResetRequestsMessage(wait), retryAfterHeader(wait));
      }
      const job = sendLink(email)
        .catch((err: unknown) => log.error({ err }, 'password reset link could not be sent'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },

    /** Whether a reset link can still be used (the page asks before showing its form). */
    check: (token: string) => links.check(token, 'reset-password'),

    /**
     * Sets the new password from a link, ends every session of the account (and any pending reset
     * or address change), and signs this browser in, unless the account is suspended (403 with the reason). A password the spec refuses never gets here
     * (the contract), so the link is still usable after that 400.
     */
    async reset(input: ResetPasswordBody): Promise<SignedIn> {
      const row = await links.consume(input.token, ['reset-password']);
      const passwordHash = await hashPassword(input.password);
      const current = await users.findById(row.userId);
      const user =
        current && !current.deletedAt
          ? await accounts.setPassword(
              row.userId,
              {
                passwordHash,
                mustChangePassword: false,
                // The link reached this address: that proves it.
                ...(current.email === row.email && !current.emailConfirmedAt
                  ? { emailConfirmedAt: new Date(links.now()) }
                  : {}),
              },
              ['reset-password', 'change-email'],
              new Date(links.now()),
            )
          : null;
      if (!user) throw invalidLink();
      await sessions.revokeUser(user.id);
      // The password is the owner's to change, but a suspended member is not signed in by the link: they
      // are told why, as sign-in tells them (decision 54).
      const suspended = activeSuspension(user, links.now());
      if (suspended) throw new AppError('forbidden', suspendedMessage(suspended.reason, suspended.until));
      return startSession(sessions, devices, user);
    },

    /** Resolves when the requests taken so far have queued their mail (shutdown, tests). */
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
