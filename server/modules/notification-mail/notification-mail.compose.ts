import type { EmailFrequency, NotificationKind } from '../../../common/contracts/notifications';
import { findLesson, lessonHeading } from '../../../common/curriculum';
import { lessonPagePath, notificationUrl } from '../../../common/notification-links';
import { NOTIFICATION_KIND_LABELS, type UnsubscribeSubject } from '../../../common/notification-mail';
import type { MailItem } from '../../db/repositories/notification-mail.repository';
import type { OutgoingMail } from '../../mail/mailer';

/** An unsubscribe link of a mail: what it turns off, in words, and its URL (…/unsubscribe?t=…). */
export type UnsubscribeLink = { kind: UnsubscribeSubject; text: string; url: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Controls and bidi overrides in a name or an excerpt are written as spaces.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;
const clean = (s: string) => s.replace(UNPRINTABLE, ' ').trim();

/** What happened, as a sentence: 'Lea mentioned you'. */
export function itemSentence(item: Pick<MailItem, 'kind' | 'actorName'>): string {
  const who = item.actorName ? clean(item.actorName) || 'Someone' : 'Someone';
  switch (item.kind) {
    case 'mention':
      return `${who} mentioned you`;
    case 'discussion-reply':
      return `${who} replied to your message`;
    case 'attempt-reply':
      return `${who} replied to your attempt`;
    case 'attempt-new':
      return `${who} posted an attempt to review`;
    case 'report-new':
      return `${who} reported a message`;
    case 'lesson-video':
      return 'A new video is up in a lesson you opened';
    case 'membership-approved':
      return 'Your membership was approved';
    case 'moderation':
      return 'A coach acted on your message';
    case 'assignment-new':
      return `${who} assigned you a drill`;
    case 'assignment-due':
      return 'A drill is due within a day';
    case 'event-reminder':
      return 'A session you are going to starts soon';
    case 'event-changed':
      return `${who} changed a session you are going to`;
  }
}

const FREQUENCY_WORDS: Record<EmailFrequency, string> = {
  immediately: 'immediately',
  'every-15-minutes': 'every 15 minutes',
  hourly: 'hourly',
  never: 'never',
};

type Line = { text: string; excerpt: string | null; url: string };

function render(
  to: string,
  name: string,
  subject: string,
  intro: string,
  sections: { heading: string | null; lines: Line[] }[],
  footer: string[],
  settingsUrl: string,
  unsubscribe: UnsubscribeLink[],
  headerLink: UnsubscribeLink,
): OutgoingMail {
  const greeted = clean(name) || to;
  const text: string[] = [`Hi ${greeted},`, intro];
  let html = `<p>Hi ${escapeHtml(greeted)},</p><p>${escapeHtml(intro)}</p>`;
  for (const section of sections) {
    if (section.lines.length === 0) continue;
    if (section.heading) {
      text.push(section.heading);
      html += `<h3>${escapeHtml(section.heading)}</h3>`;
    }
    text.push(
      section.lines
        .map((l) => `- ${l.text}${l.excerpt ? `: "${clean(l.excerpt)}"` : ''}\n  ${l.url}`)
        .join('\n'),
    );
    html +=
      '<ul>' +
      section.lines
        .map(
          (l) =>
            `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a>` +
            (l.excerpt ? `: “${escapeHtml(clean(l.excerpt))}”` : '') +
            '</li>',
        )
        .join('') +
      '</ul>';
  }
  text.push(...footer, `Your e-mail settings: ${settingsUrl}`);
  html += footer.map((f) => `<p>${escapeHtml(f)}</p>`).join('');
  html += `<p><a href="${escapeHtml(settingsUrl)}">Your e-mail settings</a></p>`;
  for (const u of unsubscribe) {
    text.push(`Stop ${u.text}: ${u.url}`);
    html += `<p><a href="${escapeHtml(u.url)}">Stop ${escapeHtml(u.text)}</a></p>`;
  }
  const body = text.join('\n\n') + '\n';
  return {
    to,
    subject,
    text: body,
    html,
    links: [
      ...sections.flatMap((s) => s.lines.map((l) => l.url)),
      settingsUrl,
      ...unsubscribe.map((u) => u.url),
    ],
    // RFC 8058: one-click unsubscribe, the POST going to the header's URL exactly as written.
    headers: {
      'List-Unsubscribe': `<${headerLink.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const settingsUrlOf = (origin: string) => `${origin}/settings#notifications`;

/**
 * One batch's mail: its items (oldest first), why it came, a link per kind to stop it, and the
 * List-Unsubscribe header for the kind of the first item (decision 60).
 */
export function batchMail(input: {
  to: string;
  name: string;
  origin: string;
  items: readonly MailItem[];
  frequencies: Partial<Record<NotificationKind, EmailFrequency>>;
  unsubscribe: UnsubscribeLink[];
}): OutgoingMail {
  const { items, origin } = input;
  const first = items[0]!;
  const subject =
    items.length === 1 ? `${itemSentence(first)} on Tribe36` : `${items.length} new notifications on Tribe36`;
  const kinds = [...new Set(items.map((i) => i.kind))];
  const why = kinds
    .map((k) => `${NOTIFICATION_KIND_LABELS[k]}: ${FREQUENCY_WORDS[input.frequencies[k] ?? 'immediately']}`)
    .join('; ');
  const headerLink = input.unsubscribe.find((u) => u.kind === first.kind) ?? input.unsubscribe[0]!;
  return render(
    input.to,
    input.name,
    subject,
    items.length === 1
      ? 'This happened while you were away:'
      : `${items.length} things happened while you were away:`,
    [
      {
        heading: null,
        lines: items.map((i) => ({
          text: itemSentence(i),
          excerpt: i.excerpt,
          url: notificationUrl(i.target, origin),
        })),
      },
    ],
    [`You get these e-mails because of your settings (${why}).`],
    settingsUrlOf(origin),
    input.unsubscribe,
    headerLink,
  );
}

/** The weekly digest: the week's unread notifications and new lesson videos (decision 60). */
export function digestMail(input: {
  to: string;
  name: string;
  origin: string;
  items: readonly MailItem[];
  videos: readonly { thinkTank: string; topic: string; lesson: string }[];
  unsubscribe: UnsubscribeLink;
}): OutgoingMail {
  const { origin } = input;
  const videoLines: Line[] = input.videos.map((v) => {
    const lesson = findLesson(v.thinkTank, v.topic, v.lesson);
    return {
      text: lesson ? `New video: ${lessonHeading(lesson)}` : 'New video',
      excerpt: null,
      url: `${origin}${lessonPagePath(v.thinkTank, v.topic, v.lesson)}`,
    };
  });
  return render(
    input.to,
    input.name,
    'Your week on Tribe36',
    'Here is what you have not seen yet this week.',
    [
      {
        heading: input.items.length > 0 ? `Unread (${input.items.length})` : null,
        lines: input.items.map((i) => ({
          text: itemSentence(i),
          excerpt: i.excerpt,
          url: notificationUrl(i.target, origin),
        })),
      },
      { heading: videoLines.length > 0 ? 'New lesson videos' : null, lines: videoLines },
    ],
    ['You get this digest once a week because you turned it on.'],
    settingsUrlOf(origin),
    [input.unsubscribe],
    input.unsubscribe,
  );
}
