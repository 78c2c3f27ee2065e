import { NAME_UNSAFE_CHARACTER } from '../../common/contracts/fields';

/**
 * How the services' mails are written (account mail, decision 18; the community's, decision 54): one
 * message in a text and an HTML part, greeting the member by name only once their address is proven.
 */

/** What the account services need of the mailer: a message put in the outbox (never waiting on SMTP). */
export type MailSender = {
  send(message: AccountMail): Promise<unknown>;
};

export type AccountMail = { to: string; subject: string; text: string; html: string; links?: string[] };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// What names may not contain (line breaks, controls, bidi overrides): a name stored before they were
// refused (issue 29) is written with spaces in their place.
const UNPRINTABLE = new RegExp(`${NAME_UNSAFE_CHARACTER.source}+`, 'gu');

/**
 * Whom a message to a member's own address greets: their name once the address is confirmed, else
 * null (greeted by the address). An unconfirmed address may be someone else's, typed in by a stranger
 * who also chose the name: that mail must carry no words of theirs (issue 29).
 */
export const greetingName = (user: { name: string; emailConfirmedAt: Date | null }): string | null =>
  user.emailConfirmedAt ? user.name : null;

/**
 * One message in both parts from paragraphs: a string is a paragraph; `{ link, label }` is a link,
 * written out in full in the text part and as an anchor in the HTML part. It greets `name`, or the
 * address it is sent to when `name` is null.
 */
export function compose(
  to: string,
  subject: string,
  name: string | null,
  paragraphs: Array<string | { link: string; label: string }>,
): AccountMail {
  const greeted = (name ?? '').replace(UNPRINTABLE, ' ').trim() || to;
  const text = [`Hi ${greeted},`, ...paragraphs.map((p) => (typeof p === 'string' ? p : p.link))].join(
    '\n\n',
  );
  const html =
    `<p>Hi ${escapeHtml(greeted)},</p>` +
    paragraphs
      .map((p) =>
        typeof p === 'string'
          ? `<p>${escapeHtml(p)}</p>`
          : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`,
      )
      .join('');
  const links = paragraphs.flatMap((p) => (typeof p === 'string' ? [] : [p.link]));
  return { to, subject, text: text + '\n', html, links };
}
