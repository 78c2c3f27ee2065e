import { NOTIFICATION_KINDS, type NotificationKind } from './contracts/notifications-values';

/**
 * Notification mail's words and its unsubscribe links (decision 60), shared by the server (mail,
 * one-click unsubscribe) and the client (the settings page, the /unsubscribe page).
 */

/** Each kind as the settings page and the unsubscribe page name it. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  mention: 'Mentions of you',
  'discussion-reply': 'Replies to your discussion messages',
  'attempt-reply': "A coach's reply to your attempt",
  'attempt-new': 'New attempts to review',
  'report-new': 'New reports',
  'lesson-video': 'New videos in lessons you opened',
  'membership-approved': 'Your membership approved',
  moderation: 'A coach acting on your message',
  'assignment-new': 'Drills a coach assigns you',
  'assignment-due': 'Drills due within a day',
  'event-reminder': 'Reminders of sessions you are going to',
  'event-changed': 'Changes to sessions you are going to',
};

/** What an unsubscribe link turns off: one kind's e-mail, or the weekly digest. */
export type UnsubscribeSubject = NotificationKind | 'digest';

/** The page a mailed unsubscribe link opens (GET shows a button; POST is the one-click unsubscribe). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';
/** The query parameter holding the token: a POST from a mail client carries the query, never a `#`. */
export const UNSUBSCRIBE_TOKEN_PARAM = 't';

/**
 * `<member id>.<kind or digest>.<version>.<HMAC>`: readable, so the page can say what it turns off
 * before it is pressed; only the server can make the HMAC.
 */
export const UNSUBSCRIBE_TOKEN_FORMAT =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z-]{1,40})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The member, subject and version a token names (not checked: only the server can check it). */
export function readUnsubscribeToken(
  token: string,
): { userId: string; subject: UnsubscribeSubject; version: number; mac: string } | null {
  const m = UNSUBSCRIBE_TOKEN_FORMAT.exec(token);
  if (!m) return null;
  const subject = m[2]!;
  if (subject !== 'digest' && !(NOTIFICATION_KINDS as readonly string[]).includes(subject)) return null;
  return { userId: m[1]!, subject: subject as UnsubscribeSubject, version: Number(m[3]), mac: m[4]! };
}

/** What an unsubscribe link turns off, in words: 'e-mails about mentions of you', 'the weekly digest'. */
export function unsubscribeSubjectText(subject: UnsubscribeSubject): string {
  return subject === 'digest'
    ? 'the weekly digest'
    : `e-mails about ${NOTIFICATION_KIND_LABELS[subject].charAt(0).toLowerCase()}${NOTIFICATION_KIND_LABELS[subject].slice(1)}`;
}
