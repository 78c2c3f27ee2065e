// The values of ./notifications without its zod schemas, for the client and common/notification-mail
// (docs/decisions.md decision 67).

/**
 * The kinds, each with what causes it:
 * - `mention`: someone wrote `@handle` in the chat or a lesson discussion;
 * - `discussion-reply`: a message in the same discussion replying to (quoting) one of mine;
 * - `attempt-reply`: a coach's reply to my attempt;
 * - `attempt-new` (coaches): a new attempt to review;
 * - `report-new` (coaches): a new report;
 * - `lesson-video`: a new video in a lesson I have opened;
 * - `membership-approved`: my join request was approved;
 * - `moderation`: a coach removed (or otherwise acted on) my message;
 * - `assignment-new`: a coach assigned me a lesson as a drill (issue 34);
 * - `assignment-due`: a drill of mine is due within 24 h and I have posted nothing to it yet;
 * - `event-reminder`: a session I said I am going to starts in 24 h, or in 10 minutes;
 * - `event-changed`: a coach moved, changed or cancelled a session I said I am going to.
 */
export const NOTIFICATION_KINDS = [
  'mention',
  'discussion-reply',
  'attempt-reply',
  'attempt-new',
  'report-new',
  'lesson-video',
  'membership-approved',
  'moderation',
  'assignment-new',
  'assignment-due',
  'event-reminder',
  'event-changed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds only coaches (admins) receive. */
export const COACH_NOTIFICATION_KINDS: readonly NotificationKind[] = ['attempt-new', 'report-new'];

/** How often mail goes out for a kind; 'immediately' is batched over 30 s (decision 56). */
export const EMAIL_FREQUENCIES = ['immediately', 'every-15-minutes', 'hourly', 'never'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

/**
 * The live stream's named event for a new notification, `data: {"notification": …, "unread": N}`,
 * within 2 s of its cause, on any server process. No `id:` line.
 */
export const NOTIFICATION_EVENT = 'notification';

/**
 * The live stream's named event when the member's unread count changed otherwise (read in another
 * tab, or a notification withdrawn), `data: {"unread": N}`.
 */
export const NOTIFICATIONS_READ_EVENT = 'notifications-read';
