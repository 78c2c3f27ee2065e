import { z } from 'zod';

export { REMOVAL_REASON_MAX_LENGTH } from './moderation-values';

/**
 * The actions the moderation audit records (decision 53). Issue 31's parts add theirs here; the
 * stored column is text, and an entry's `action` is answered as stored.
 */
export const MODERATION_ACTIONS = [
  /** A coach removed someone else's message (chat, discussion) or attempt. */
  'message.removed',
  'member.suspended',
  'member.unsuspended',
  'join-request.approved',
  'join-request.declined',
  'invite.created',
  'invite.revoked',
  'report.resolved',
  'community.updated',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** GET /api/admin/audit: newest first, `limit` entries (default 50) before the cursor `before`. */
export const auditQuery = z.object({
  before: z.coerce
    .number({ error: 'before must be an audit entry id' })
    .int({ error: 'before must be an audit entry id' })
    .min(1, { error: 'before must be an audit entry id' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'before must be an audit entry id' })
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int({ error: 'limit must be a whole number from 1 to 100' })
    .min(1, { error: 'limit must be a whole number from 1 to 100' })
    .max(100, { error: 'limit must be a whole number from 1 to 100' })
    .default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** One moderation action: who (a snapshot of their username), what, to whom or what, when and why. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), username: z.string() }),
  action: z.string(),
  /** The member acted on (or whose message it was); null when none. `id` null once their account is gone. */
  target: z.object({ id: z.string().nullable(), username: z.string().nullable() }).nullable(),
  /** The thing acted on when it is not a member: `kind` ('chat', 'discussion', 'attempt', 'invite'…) and its id. */
  subject: z.object({ kind: z.string(), ref: z.string().nullable() }).nullable(),
  reason: z.string().nullable(),
  /** What else the action keeps: a removed message's text as it was, its thread, its media… */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditResponse = z.object({
  entries: z.array(auditEntry),
  /** The `before` of the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type AuditResponse = z.infer<typeof auditResponse>;
