import { z } from 'zod';
import { suspendBody } from './community';
import { text } from './fields';
import { MESSAGE_KINDS, REPORT_NOTE_MAX, REPORT_REASONS, REPORT_RESOLUTIONS } from './reports-values';

/**
 * Members' reports and blocks (decision 55). A report names a message, `{ messageKind, messageId }`
 * (a chat message or a lesson discussion message: their ids are counted apart), or a member,
 * `{ username }`. Every report of one thing shares its target key: `chat-<id>`, `discussion-<id>`
 * or `member-<username>`'s user id, `member-<uuid>`.
 */
export * from './reports-values';

const body = { error: 'Request body must be a JSON object' };
const ONE_TARGET = 'Report either a message (messageKind and messageId) or a member (username)';

export const reportBody = z
  .object(
    {
      messageKind: z
        .enum(MESSAGE_KINDS, { error: `messageKind must be one of ${MESSAGE_KINDS.join(', ')}` })
        .optional(),
      messageId: z
        .number({ error: 'messageId must be a message id' })
        .int({ error: 'messageId must be a message id' })
        .min(1, { error: 'messageId must be a message id' })
        .max(Number.MAX_SAFE_INTEGER, { error: 'messageId must be a message id' })
        .optional(),
      username: text('username')
        .trim()
        .min(1, { error: 'username must not be empty' })
        .max(320, { error: 'username must be at most 320 characters' })
        .optional(),
      reason: z.enum(REPORT_REASONS, {
        error: (issue) =>
          issue.input === undefined
            ? 'reason is required'
            : `reason must be one of ${REPORT_REASONS.join(', ')}`,
      }),
      note: text('note')
        .trim()
        .max(REPORT_NOTE_MAX, { error: `note must be at most ${REPORT_NOTE_MAX} characters` })
        .optional(),
    },
    body,
  )
  .refine(
    (b) =>
      b.username !== undefined
        ? b.messageKind === undefined && b.messageId === undefined
        : b.messageKind !== undefined && b.messageId !== undefined,
    { error: ONE_TARGET },
  );
export type ReportBody = z.infer<typeof reportBody>;

export const reportCreated = z.object({ id: z.string(), target: z.string() });

/** A reported message as it was when first reported (kept if it is edited or deleted later). */
export const reportSnapshot = z.object({
  kind: z.enum(MESSAGE_KINDS),
  id: z.number(),
  /** The text, or a photo, video or voice message's file URL. */
  content: z.string(),
  messageType: z.string(),
  createdAt: z.string(),
  /** A discussion message's thread. */
  thread: z.object({ thinkTank: z.string(), topic: z.string(), lesson: z.string() }).nullable(),
});
export type ReportSnapshot = z.infer<typeof reportSnapshot>;

const person = z.object({ username: z.string(), name: z.string() });

/** One reported thing with its open reports, for the coaches' queue. */
export const reportedTarget = z.object({
  target: z.string(),
  kind: z.enum(['chat', 'discussion', 'member']),
  /** The member reported, or the message's author. */
  member: person.extend({ id: z.string(), suspended: z.boolean() }),
  count: z.number(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  firstAt: z.string(),
  lastAt: z.string(),
  /** The message as it was first reported; null for a member. */
  snapshot: reportSnapshot.nullable(),
  /** Whether the message still stands (not edited away: deleted or removed). */
  messageGone: z.boolean(),
  reports: z.array(
    z.object({
      id: z.string(),
      reporter: person,
      reason: z.enum(REPORT_REASONS),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type ReportedTarget = z.infer<typeof reportedTarget>;
export const reportQueue = z.array(reportedTarget);

export const reportCount = z.object({
  /** Open reports. */
  count: z.number(),
  /** Reported things (messages and members) with an open report. */
  targets: z.number(),
});
export type ReportCount = z.infer<typeof reportCount>;

/** A report target key (`chat-12`, `discussion-4`, `member-<id>`); one that names nothing answers 404. */
export const reportTargetParams = z.object({
  target: text('target').max(100, { error: 'target must be at most 100 characters' }),
});

export const resolveReportBody = z.object(
  {
    action: z.enum(REPORT_RESOLUTIONS, {
      error: (issue) =>
        issue.input === undefined
          ? 'action is required'
          : `action must be one of ${REPORT_RESOLUTIONS.join(', ')}`,
    }),
    reason: text('reason').trim().max(500, { error: 'reason must be at most 500 characters' }).optional(),
    /** For a suspension: its last day (ISO date-time), none for until a coach lifts it. */
    until: suspendBody.shape.until,
    /** For a suspension: remove everything the member posted too. */
    removeMessages: z.boolean({ error: 'removeMessages must be true or false' }).optional(),
  },
  body,
);
export type ResolveReportBody = z.infer<typeof resolveReportBody>;
export const resolveReportResponse = z.object({ resolved: z.number() });

/** A member the viewer blocks. */
export const blockedMember = z.object({
  username: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMember>;
export const blockedMembersResponse = z.array(blockedMember);
