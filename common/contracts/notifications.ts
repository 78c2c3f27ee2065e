import { z } from 'zod';
import { EMAIL_FREQUENCIES, NOTIFICATION_KINDS, type NotificationKind } from './notifications-values';

export * from './notifications-values';

/**
 * Notifications (issue 32, decision 56): what concerns a member, kept per member, shown by the bell,
 * sent on the member's live stream at once, and by e-mail and push as the member chose.
 */

/**
 * Where a notification leads, which the client turns into a page and the thing to scroll to and
 * highlight: a chat message; a discussion message (at its video time, if it has one); an attempt; a
 * lesson; the reports queue; the member's own page (membership).
 */
export const notificationTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chat'), messageId: z.number().int() }),
  z.object({
    type: z.literal('discussion'),
    thinkTank: z.string(),
    topic: z.string(),
    lesson: z.string(),
    messageId: z.number().int(),
    videoSeconds: z.number().nullable(),
  }),
  z.object({
    type: z.literal('attempt'),
    attemptId: z.string(),
    /** Where the attempt was posted: its discussion message or chat message, to scroll to. */
    where: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('lesson'),
        thinkTank: z.string(),
        topic: z.string(),
        lesson: z.string(),
        messageId: z.number().int(),
      }),
      z.object({ kind: z.literal('chat'), messageId: z.number().int() }),
    ]),
  }),
  z.object({ type: z.literal('lesson'), thinkTank: z.string(), topic: z.string(), lesson: z.string() }),
  z.object({ type: z.literal('reports') }),
  z.object({ type: z.literal('home') }),
  /** A drill assigned to the member (issue 34): its row on the drills page. */
  z.object({ type: z.literal('assignment'), assignmentId: z.string() }),
  /** A session on the events page (issue 34). */
  z.object({ type: z.literal('event'), eventId: z.string() }),
]);
export type NotificationTarget = z.infer<typeof notificationTarget>;

/** One notification as its member reads it (GET /api/notifications, the stream's `notification` event). */
export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who caused it; null when no member did (a new lesson video's uploader gone) or the account is deleted. */
  actor: z
    .object({ name: z.string(), username: z.string(), profilePicture: z.string().nullable() })
    .nullable(),
  target: notificationTarget,
  /** The first words of what it is about (a message's text, a lesson's title, a removal's reason), or null. */
  excerpt: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

const id = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a notification id` })
    .int({ error: `${field} must be a notification id` })
    .min(1, { error: `${field} must be a notification id` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${field} must be a notification id` });

export const NOTIFICATIONS_PAGE_MAX = 50;

/** GET /api/notifications?before=&limit=: newest first, `before` an id for the next page. */
export const notificationsQuery = z.object({
  before: id('before').optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}` })
    .int({ error: `limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}` })
    .min(1, { error: `limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}` })
    .max(NOTIFICATIONS_PAGE_MAX, {
      error: `limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}`,
    })
    .default(20),
});
export const notificationsResponse = z.object({
  notifications: z.array(notification),
  /** The `before` of the next page, null at the end. */
  next: z.number().int().nullable(),
});

/** GET /api/notifications/unread-count. */
export const unreadCountResponse = z.object({ count: z.number().int() });

/** POST /api/notifications/read: the given ids of mine (others' ignored), or all of mine. */
export const markReadBody = z.union(
  [
    z.object({ ids: z.array(id('ids[]')).min(1, { error: 'ids must not be empty' }).max(500) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: 'Request body must be { ids: [notification ids] } or { all: true }' },
);
/** The answer: how many were marked now, and the unread count after. */
export const markReadResponse = z.object({ marked: z.number().int(), count: z.number().int() });

/** One kind's channels. */
export const kindPreference = z
  .object({
    inApp: z.boolean({ error: 'inApp must be true or false' }),
    email: z.enum(EMAIL_FREQUENCIES, { error: `email must be one of ${EMAIL_FREQUENCIES.join(', ')}` }),
    push: z.boolean({ error: 'push must be true or false' }),
  })
  .strict();
export type KindPreference = z.infer<typeof kindPreference>;

/** The defaults: everything in the app and by push; mail at once for mentions and coach replies. */
export const DEFAULT_PREFERENCES: Record<NotificationKind, KindPreference> = {
  mention: { inApp: true, email: 'immediately', push: true },
  'discussion-reply': { inApp: true, email: 'hourly', push: true },
  'attempt-reply': { inApp: true, email: 'immediately', push: true },
  'attempt-new': { inApp: true, email: 'hourly', push: true },
  'report-new': { inApp: true, email: 'hourly', push: true },
  'lesson-video': { inApp: true, email: 'never', push: true },
  'membership-approved': { inApp: true, email: 'never', push: true },
  moderation: { inApp: true, email: 'never', push: true },
  'assignment-new': { inApp: true, email: 'immediately', push: true },
  'assignment-due': { inApp: true, email: 'immediately', push: true },
  'event-reminder': { inApp: true, email: 'immediately', push: true },
  'event-changed': { inApp: true, email: 'immediately', push: true },
};

/**
 * GET and PUT /api/notifications/preferences (PUT may name only some kinds; the answer is every kind
 * the member can receive: the coaches' kinds only for coaches, decision 60).
 */
export const notificationPreferences = z.object({
  kinds: z.partialRecord(z.enum(NOTIFICATION_KINDS), kindPreference),
  /** The weekly digest of unread items and new lesson videos (opt-in). */
  weeklyDigest: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
export const putNotificationPreferencesBody = z
  .object(
    {
      kinds: z
        .partialRecord(z.enum(NOTIFICATION_KINDS), kindPreference.partial(), {
          // An unknown kind is reported as unrecognized keys (zod 4), which its types do not list.
          error: (issue) => {
            const keys = (issue as { code: string; keys?: unknown[] }).keys;
            return (issue as { code: string }).code === 'unrecognized_keys' && keys
              ? `kinds: unknown kind ${keys.map((k) => JSON.stringify(k)).join(', ')} (the kinds are ${NOTIFICATION_KINDS.join(', ')})`
              : 'kinds must be an object of kinds, each with inApp, email and push';
          },
        })
        .optional(),
      weeklyDigest: z.boolean({ error: 'weeklyDigest must be true or false' }).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}: the body may have kinds and weeklyDigest`
          : 'Request body must be a JSON object',
    },
  )
  .strict();

/** The `data` of NOTIFICATION_EVENT. */
export const notificationEventData = z.object({ notification, unread: z.number().int() });

/** The `data` of NOTIFICATIONS_READ_EVENT. */
export const notificationsReadEventData = z.object({ unread: z.number().int() });
