import {
  EMAIL_CHANGE_TTL_MS,
  EMAIL_CHANGES_PER_HOUR,
  LAST_ADMIN_CANNOT_DELETE,
} from '../../../common/constants';
import type { ChangeEmailBody, DeleteAccountBody } from '../../../common/contracts/auth';
import { ERRORS } from '../../../common/contracts/errors';
import { CONFIRM_EMAIL_PATH } from '../../../common/mailed-links';
import type { AccountsRepository } from '../../db/repositories/accounts.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import { AppError } from '../../lib/errors';
import type { Actor, SessionStore } from '../../storage/session-store';
import type { BlobStore } from '../../storage/blob';
import type { AccountLinks } from './account-links';
import {
  accountDeletedMail,
  changeEmailMail,
  emailChangeNoticeMail,
  greetingName,
  type MailSender,
} from './account-mail';
import { checkCurrentPassword } from './auth.service';
import type { LoginThrottle } from './login-throttle';
import type { MemberCount } from '../../storage/member-count';

type Deps = {
  links: AccountLinks;
  users: UsersRepository;
  accounts: AccountsRepository;
  sessions: SessionStore;
  memberCount: Pick<MemberCount, 'changed'>;
  throttle: LoginThrottle;
  blobs: Pick<BlobStore, 'delete'>;
  /** Told of the chat messages that went with the account's attempts (issue 18), to take them off live clients. */
  chat: { removed(ids: readonly number[]): Promise<void> };
  mail: MailSender;
  adminEmails: ReadonlySet<string>;
  log: { warn(obj: object, msg: string): void };
};

const HOUR_MS = 60 * 60 * 1000;

/** The member's own account (decision 18): a new e-mail address, and deleting the account. */
export function accountService({
  links,
  users,
  accounts,
  sessions,
  memberCount,
  throttle,
  blobs,
  chat,
  mail,
  adminEmails,
  log,
}: Deps) {
  const checkPassword = (actor: Actor, password: string, address: string) =>
    checkCurrentPassword(throttle, actor, password, address);

  return {
    /**
     * Mails a link to the new address (the address changes when it is followed) and a notice to
     * the current one. The new address must not belong to another account.
     */
    async changeEmail(actor: Actor, input: ChangeEmailBody, address: string): Promise<string> {
      await checkPassword(actor, input.password, address);
      const email = input.email; // trimmed and lower-cased by the contract
      if (email === actor.user.email)
        throw new AppError('bad_request', 'That is already your e-mail address');
      if (await users.findByEmail(email)) throw new AppError('conflict', ERRORS.emailTaken);
      const link = await links.issue(
        actor.user.id,
        'change-email',
        email,
        EMAIL_CHANGE_TTL_MS,
        CONFIRM_EMAIL_PATH,
        { max: EMAIL_CHANGES_PER_HOUR, windowMs: HOUR_MS },
      );
      if (!link) {
        throw new AppError(
          'too_many_requests',
          'You asked to change your e-mail address several times in the last hour. Try again later.',
          { 'retry-after': String(HOUR_MS / 1000) },
        );
      }
      // The new address is not proven: greeted by the address, never by the member's name.
      await mail.send(changeEmailMail(email, link));
      await mail.send(emailChangeNoticeMail(actor.user.email, greetingName(actor.user), email));
      return email;
    },

    /**
     * Deletes the member's account (the password again): the row is emptied and kept for their
     * messages, every session ends everywhere (open streams too), their files and the attempts they
     * posted (issue 18) are removed. The
     * last admin cannot delete their account.
     */
    async deleteAccount(actor: Actor, input: DeleteAccountBody, address: string): Promise<void> {
      await checkPassword(actor, input.password, address);
      const result = await accounts.delete(actor.user.id, [...adminEmails], new Date(links.now()));
      if (result === 'last-admin') throw new AppError('conflict', LAST_ADMIN_CANNOT_DELETE);
      if (!result) throw new AppError('not_found', 'Account not found');
      // The sessions are gone from the database: tell every server, which ends their streams.
      await sessions.revokeUser(actor.user.id);
      await memberCount.changed();
      if (result.chatMessageIds.length > 0) await chat.removed(result.chatMessageIds);
      for (const key of result.storageKeys) {
        await blobs
          .delete(key)
          .catch((err: unknown) => log.warn({ err, key }, 'a deleted account’s file could not be removed'));
      }
      await mail.send(accountDeletedMail(actor.user.email, greetingName(actor.user))).catch(() => {});
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
