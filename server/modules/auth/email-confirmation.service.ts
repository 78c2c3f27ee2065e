import { EMAIL_CONFIRM_RESENDS_PER_HOUR, EMAIL_CONFIRM_TTL_MS } from '../../../common/constants';
import { CONFIRM_EMAIL_PATH } from '../../../common/mailed-links';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor, SessionStore } from '../../storage/session-store';
import { invalidLink, type AccountLinks } from './account-links';
import { confirmEmailMail, type MailSender } from './account-mail';

type Deps = {
  links: AccountLinks;
  users: UsersRepository;
  sessions: SessionStore;
  mail: MailSender;
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * Proving an e-mail address (decision 2): registration mails a single-use link (24 h, only its hash
 * kept) to the address; following it marks the address confirmed, which is what makes an address
 * listed in ADMIN_EMAILS an admin. A link mailed to a new address (change e-mail, decision 18) is
 * followed on the same page: it moves the account to that address, proven.
 */
export function emailConfirmationService({ links, users, sessions, mail }: Deps) {
  /** Mails a confirmation link; false, sending nothing, when `limit` links went out within the hour. */
  async function send(user: UserRow, limit?: number): Promise<boolean> {
    const link = await links.issue(
      user.id,
      'confirm-email',
      user.email,
      EMAIL_CONFIRM_TTL_MS,
      CONFIRM_EMAIL_PATH,
      limit === undefined ? undefined : { max: limit, windowMs: HOUR_MS },
    );
    if (!link) return false;
    // Greeted by the address: it is not proven yet, so the name may be a stranger's words.
    await mail.send(confirmEmailMail(user.email, link));
    return true;
  }

  return {
    /** Mails the confirmation link to a new member. */
    send: (user: UserRow) => send(user).then(() => {}),

    /** Mails a new link to a signed-in member whose address is not confirmed yet; 3 an hour at most. */
    async resend(actor: Actor): Promise<void> {
      if (actor.user.emailConfirmedAt) {
        throw new AppError('bad_request', 'Your e-mail address is already confirmed');
      }
      if (!(await send(actor.user, EMAIL_CONFIRM_RESENDS_PER_HOUR))) {
        throw new AppError(
          'too_many_requests',
          'A confirmation e-mail was sent several times in the last hour. Check your inbox, or try again later.',
          { 'retry-after': String(HOUR_MS / 1000) },
        );
      }
    },

    /**
     * Follows a link: confirms the address it was sent to if that is still the account's address,
     * or moves the account to the new address a change link was sent to. Unknown, tampered,
     * expired and used links all get the same answer.
     */
    async confirm(token: string): Promise<UserRow> {
      const row = await links.consume(token, ['confirm-email', 'change-email']);
      const at = new Date(links.now());
      const user =
        row.purpose === 'change-email'
          ? await users.changeEmail(row.userId, row.email, at)
          : await users.confirmEmail(row.userId, row.email, at);
      if (!user) {
        // A change to an address that another account took meanwhile gets that account's answer.
        if (row.purpose === 'change-email' && (await users.findByEmail(row.email))) {
          throw new AppError('conflict', 'An account with this email already exists');
        }
        throw invalidLink();
      }
      // Links sent to the old address, and other pending changes, no longer apply.
      if (row.purpose === 'change-email') {
        await links.cancel(user.id, ['change-email', 'confirm-email', 'reset-password']);
      }
      // Being an admin may depend on it (ADMIN_EMAILS): every server forgets its copy of the member.
      await sessions.userChanged(user.id);
      return user;
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof emailConfirmationService>;
