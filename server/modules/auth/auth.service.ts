import type { ChangePasswordBody, LoginBody, RegisterBody } from '../../../common/contracts/auth';
import { ERRORS } from '../../../common/contracts/errors';
import { handleBase, nextFreeHandle } from '../../../common/handles';
import type { AccountsRepository } from '../../db/repositories/accounts.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { UserRow } from '../../db/schema';
import type { EmailConfirmationService } from './email-confirmation.service';
import { greetingName, passwordChangedMail, type MailSender } from './account-mail';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Actor, SessionStore } from '../../storage/session-store';
import type { DeviceCookies } from './device-cookie';
import type { MemberCount } from '../../storage/member-count';
import { suspendedMessage, type Admission } from '../../../common/contracts/community';
import { activeSuspension } from '../../policies/admission.policy';
import {
  retryAfterHeader,
  tooManyAttemptsMessage,
  tooManyRegistrationsMessage,
  type Attempt,
  type LoginThrottle,
  type Ticket,
} from './login-throttle';

type Deps = {
  users: UsersRepository;
  sessions: SessionStore;
  throttle: LoginThrottle;
  devices: DeviceCookies;
  confirmation: Pick<EmailConfirmationService, 'send'>;
  memberCount: Pick<MemberCount, 'changed'>;
  accounts: Pick<AccountsRepository, 'setPassword'>;
  /** The outbox, for the notice that the password changed. */
  mail: MailSender;
  /** The clock mailed links are checked against (the time a voided one is marked used). */
  now: () => number;
  /** Who gets in (decision 54): the admission mode, invitations. */
  admission: {
    /** The admission mode, read for each registration. */
    mode(): Promise<Admission>;
    /** Throws the 403 of invitation-only admission without an invitation. */
    requireInvite(mode: Admission, invite: string | undefined): void;
    /** The new account's standing; takes the invitation's use (403 naming why it cannot). */
    admit(mode: Admission, invite: string | undefined): Promise<Admitted>;
    /** Gives the use back when no account was made. */
    giveBack(admitted: Admitted): Promise<void>;
  };
};

/** A registration's standing (decision 54), and the invitation use it took. */
type Admitted = { membership: 'active' | 'pending'; inviteId: string | null };

/** Where a sign-in or registration comes from: the client address and the device cookie it sent. */
export type Client = { address: string; deviceCookie?: string | undefined };

/** A signed-in result: the user, the session cookie token and a new device cookie value. */
export type SignedIn = { user: UserRow; token: string; deviceCookie: string };

/** Signs a member in: a new session, and a device cookie for this browser (decision 7). */
export async function startSession(
  sessions: SessionStore,
  devices: DeviceCookies,
  user: UserRow,
): Promise<SignedIn> {
  return { user, token: await sessions.create(user.id), deviceCookie: await devices.issue(user.id) };
}

/**
 * Checks a signed-in member's password again (change password, change e-mail, delete account).
 * Counted per member (and address): a stolen session cannot guess on without limit, and its
 * failures do not touch the member's sign-in lanes.
 */
export async function checkCurrentPassword(
  throttle: LoginThrottle,
  actor: Actor,
  password: string,
  address: string,
): Promise<void> {
  const ticket = ticketOf(await throttle.changePassword(actor.user.id, address));
  if (!(await verifyPassword(actor.user.passwordHash, password))) {
    throw new AppError('unauthorized', ERRORS.invalidCredentials);
  }
  await throttle.succeeded(ticket);
}

/** The ticket of a counted attempt, or the 429 of a refused one. */
function ticketOf(attempt: Attempt): Ticket {
  if (!attempt.ticket) {
    throw new AppError(
      'too_many_requests',
      tooManyAttemptsMessage(attempt.retryAfterMs),
      retryAfterHeader(attempt.retryAfterMs),
    );
  }
  return attempt.ticket;
}

/** Account rules: registration, sign-in with throttling, sign-out (SPEC §5–§8, docs/decisions.md decisions 7 and 9). */
export function authService({
  users,
  sessions,
  throttle,
  devices,
  confirmation,
  memberCount,
  accounts,
  mail,
  now,
  admission,
}: Deps) {
  const signedIn = (user: UserRow) => startSession(sessions, devices, user);

  /** Makes the account (the next free handle) and signs it in. */
  async function insert(
    email: string,
    passwordHash: string,
    membership: UserRow['membership'],
  ): Promise<SignedIn> {
    const base = handleBase(email);
    for (let attempt = 0; attempt < 5; attempt++) {
      const username = nextFreeHandle(base, await users.usernamesLike(base));
      const user = await users.insert({ email, username, name: username, passwordHash, membership });
      if (user) {
        // One more member, shown live on every open home page (never fails the registration).
        await memberCount.changed();
        const result = await signedIn(user);
        // The account exists and is signed in; a link that could not be queued now is one
        // "Resend" away on the profile, so it does not fail the registration.
        await confirmation.send(user).catch(() => {});
        return result;
      }
      // A conflict: the e-mail (someone registered it meanwhile) or the handle (try the next).
      if (await users.findByEmail(email)) throw new AppError('conflict', ERRORS.emailTaken);
    }
    throw new Error('Could not find a free handle for ' + base);
  }

  return {
    /**
     * Creates the account and its first session. At most REGISTER_MAX_PER_ADDRESS attempts per
     * address an hour, every one that reaches the password hash counted; a known e-mail is answered
     * only after hashing the password too, so that its 409 takes as long as a new account's 201.
     */
    async register(input: RegisterBody, client: Client): Promise<SignedIn> {
      const wait = await throttle.register(client.address);
      if (wait > 0) {
        throw new AppError('too_many_requests', tooManyRegistrationsMessage(wait), retryAfterHeader(wait));
      }
      const email = input.email; // trimmed and lower-cased by the contract
      // Invitation only: refused before anything else is looked at (decision 54).
      const mode = await admission.mode();
      admission.requireInvite(mode, input.invite);
      if (await users.findByEmail(email)) {
        await hashPassword(input.password); // The same work as a new account: no timing oracle.
        throw new AppError('conflict', ERRORS.emailTaken);
      }
      const passwordHash = await hashPassword(input.password);
      // An invitation's use is taken here (403 naming why it cannot be), given back if no account is made.
      const admitted = await admission.admit(mode, input.invite);
      try {
        return await insert(email, passwordHash, admitted.membership);
      } catch (err) {
        await admission.giveBack(admitted).catch(() => {});
        throw err;
      }
    },

    /**
     * Signs in by e-mail (any letter case) or handle; the same 401 for a wrong password and an
     * unknown user. Failures count under the browser's device when it shows a valid device cookie
     * for this account, else under the account's unknown devices and the address (login-throttle.ts).
     */
    async login(input: LoginBody, client: Client): Promise<SignedIn> {
      const identifier = input.username.trim().toLowerCase();
      const user = identifier.includes('@')
        ? await users.findByEmail(identifier)
        : await users.findByUsername(identifier);
      const account = user ? user.id : 'unknown:' + identifier;
      const device = user ? await devices.verify(user.id, client.deviceCookie) : null;
      const ticket = ticketOf(await throttle.signIn(account, device, client.address));
      const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
      // A failure is already counted (the ticket); only a success is forgiven.
      if (!user || !ok) throw new AppError('unauthorized', ERRORS.invalidCredentials);
      await throttle.succeeded(ticket);
      // Told only to whoever knows the password: the coach's reason and the end date (decision 54).
      const suspended = activeSuspension(user, now());
      if (suspended) throw new AppError('forbidden', suspendedMessage(suspended.reason, suspended.until));
      return signedIn(user);
    },

    async logout(tokenHash: string | null): Promise<void> {
      if (tokenHash) await sessions.revoke(tokenHash);
    },

    /**
     * Sets a new password after checking the current one; ends the change-password step, the
     * member's other sessions (docs/decisions.md decision 1) and, in the same transaction, every
     * pending reset link (issue 29); this session stays. A notice goes to the member's address.
     */
    async changePassword(actor: Actor, input: ChangePasswordBody, address: string): Promise<UserRow> {
      await checkCurrentPassword(throttle, actor, input.currentPassword, address);
      if (input.newPassword === input.currentPassword) {
        throw new AppError('bad_request', 'New password must differ from the current password');
      }
      const row = await accounts.setPassword(
        actor.user.id,
        { passwordHash: await hashPassword(input.newPassword), mustChangePassword: false },
        ['reset-password'],
        new Date(now()),
      );
      if (!row) throw new AppError('not_found', 'Account not found');
      await sessions.revokeOthers(row.id, actor.tokenHash);
      // The password is changed whatever happens to the notice: a failure to queue it does not undo that.
      await mail.send(passwordChangedMail(row.email, greetingName(row))).catch(() => {});
      return row;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
