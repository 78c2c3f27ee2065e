import { randomBytes } from 'node:crypto';
import {
  EMAIL_CONFIRM_RESENDS_PER_HOUR,
  EMAIL_CONFIRM_TTL_MS,
  LINK_EXPIRED_OR_USED,
  PRODUCT_NAME,
} from '../../../common/constants';
import type { AccountTokensRepository } from '../../db/repositories/account-tokens.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashToken, type Actor, type SessionStore } from '../../plugins/session';

/** What this service needs of the mailer: a message put in the outbox (it never waits on SMTP). */
export type MailSender = {
  send(message: {
    to: string;
    subject: string;
    text: string;
    html: string;
    links?: string[];
  }): Promise<unknown>;
};

type Deps = {
  tokens: AccountTokensRepository;
  users: UsersRepository;
  sessions: SessionStore;
  mail: MailSender;
  now?: () => number;
};

const HOUR_MS = 60 * 60 * 1000;
// 32 random bytes in base64url.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Proving an e-mail address (decision 2): registration mails a single-use link (24 h, only its hash
 * kept) to the address; following it marks the address confirmed, which is what makes an address
 * listed in ADMIN_EMAILS an admin.
 */
export function emailConfirmationService({ tokens, users, sessions, mail, now = Date.now }: Deps) {
  async function send(user: UserRow, origin: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await tokens.insert({
      tokenHash: hashToken(token),
      userId: user.id,
      purpose: 'confirm-email',
      email: user.email,
      expiresAt: new Date(at + EMAIL_CONFIRM_TTL_MS),
      createdAt: new Date(at),
    });
    // In the fragment, the token never reaches a server log or a Referer header.
    const link = `${origin}/confirm-email#token=${token}`;
    await mail.send({
      to: user.email,
      subject: `Confirm your e-mail address for ${PRODUCT_NAME}`,
      text:
        `Hi ${user.name},\n\nConfirm that this is your e-mail address for ${PRODUCT_NAME} by opening this link ` +
        `(it works once, for 24 hours):\n\n${link}\n\nIf you did not create a ${PRODUCT_NAME} account, ignore this message.\n`,
      html:
        `<p>Hi ${escapeHtml(user.name)},</p><p>Confirm that this is your e-mail address for ${PRODUCT_NAME} ` +
        `(the link works once, for 24 hours):</p><p><a href="${escapeHtml(link)}">Confirm my e-mail address</a></p>` +
        `<p>If you did not create a ${PRODUCT_NAME} account, ignore this message.</p>`,
      links: [link],
    });
  }

  return {
    /** Mails the confirmation link to a new member. */
    send,

    /** Mails a new link to a signed-in member whose address is not confirmed yet; 3 an hour at most. */
    async resend(actor: Actor, origin: string): Promise<void> {
      if (actor.user.emailConfirmedAt) {
        throw new AppError('bad_request', 'Your e-mail address is already confirmed');
      }
      const sent = await tokens.countSince(actor.user.id, 'confirm-email', new Date(now() - HOUR_MS));
      if (sent >= EMAIL_CONFIRM_RESENDS_PER_HOUR) {
        throw new AppError(
          'too_many_requests',
          'A confirmation e-mail was sent several times in the last hour. Check your inbox, or try again later.',
          { 'retry-after': String(HOUR_MS / 1000) },
        );
      }
      await send(actor.user, origin);
    },

    /**
     * Follows a link: confirms the address it was sent to, if that is still the account's address.
     * Unknown, tampered, expired and used links all get the same answer.
     */
    async confirm(token: string): Promise<UserRow> {
      const invalid = () => new AppError('bad_request', LINK_EXPIRED_OR_USED);
      if (!TOKEN_SHAPE.test(token)) throw invalid();
      const at = new Date(now());
      const row = await tokens.consume(hashToken(token), 'confirm-email', at);
      if (!row) throw invalid();
      const user = await users.confirmEmail(row.userId, row.email, at);
      if (!user) throw invalid();
      // Being an admin may depend on it (ADMIN_EMAILS): every server forgets its copy of the member.
      await sessions.userChanged(user.id);
      return user;
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof emailConfirmationService>;
