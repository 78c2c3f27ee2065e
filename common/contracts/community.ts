import { z } from 'zod';
import { fieldError, text } from './fields';

/**
 * Who gets in and who is kept out (decision 54): the community's admission mode, join requests,
 * invitations and suspensions. The server's routes and the client's admin pages share these.
 */
export const ADMISSION = ['open', 'approval', 'invite'] as const;
export type Admission = (typeof ADMISSION)[number];

/** A member's standing: a member, a join request waiting for a coach, or a declined one. */
export const MEMBERSHIP = ['active', 'pending', 'declined'] as const;
export type Membership = (typeof MEMBERSHIP)[number];

/** The answer of every member-only call to a member whose join request waits for a coach. */
export const PENDING_APPROVAL = "Your membership is waiting for a coach's approval.";
/** The answer of every member-only call to a member whose join request was declined. */
export const REQUEST_DECLINED = 'Your request to join was declined by a coach.';
/** Registration while admission is by invitation, without one. */
export const INVITE_REQUIRED = 'Joining is by invitation only: ask a coach for an invitation link.';
export const INVITE_INVALID = 'This invitation link is not valid: ask a coach for a new one.';
export const INVITE_EXPIRED = 'This invitation has expired: ask a coach for a new one.';
export const INVITE_REVOKED = 'This invitation was revoked: ask a coach for a new one.';
export const INVITE_USED_UP = 'This invitation has been used up: ask a coach for a new one.';

/** The page an invitation link opens, its token in the fragment: `/join#invite=…`. */
export const JOIN_PATH = '/join';
export const INVITE_PARAM = 'invite';

/** The token of an invitation link from the address's fragment; '' when there is none. */
export function inviteTokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get(INVITE_PARAM) ?? '';
}

/**
 * The sign-in refusal of a suspended account: "This account is suspended" with the end date if any
 * and the coach's reason, one sentence (decision 54). `until` is written in UTC so that every
 * process and every reader sees the same words.
 */
export function suspendedMessage(reason: string, until: Date | null): string {
  const end = until ? ` until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
  const why = reason.trim().replace(/[.\s]+$/u, '');
  return `This account is suspended${end}. Reason: ${why}.`;
}

const body = { error: 'Request body must be a JSON object' };

/** GET and PATCH /api/admin/community. */
export const communitySettingsResponse = z.object({ admission: z.enum(ADMISSION) });
export type CommunitySettings = z.infer<typeof communitySettingsResponse>;
export const communitySettingsBody = z.object(
  {
    admission: z.enum(ADMISSION, { error: 'admission must be one of open, approval, invite' }),
  },
  body,
);
export type CommunitySettingsBody = z.infer<typeof communitySettingsBody>;

/** GET /api/admin/join-requests: pending requests first (oldest first), then declined ones. */
export const joinRequest = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  status: z.enum(['pending', 'declined']),
  createdAt: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequest>;
export const joinRequestsResponse = z.object({ requests: z.array(joinRequest) });
export type JoinRequestsResponse = z.infer<typeof joinRequestsResponse>;

/** The path of /api/admin/join-requests/:id/… and /api/admin/invites/:id. */
export const idParams = z.object({ id: text('id').pipe(z.uuid({ error: 'id must be an id' })) });

/** A future instant as an ISO 8601 date-time with its offset, or null for none. */
const futureDateTime = (field: string) =>
  text(field, 'an ISO 8601 date-time or null')
    .pipe(z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date-time` }))
    .refine((v) => Date.parse(v) > Date.now(), { error: `${field} must be in the future` })
    .nullable()
    .optional();

export const INVITE_MAX_USES = 10_000;

/** POST /api/admin/invites: no limit when a field is left out or null. */
export const createInviteBody = z.object(
  {
    maxUses: z
      .number({ error: fieldError('maxUses', 'a whole number or null') })
      .int({ error: 'maxUses must be a whole number' })
      .min(1, { error: `maxUses must be between 1 and ${INVITE_MAX_USES}` })
      .max(INVITE_MAX_USES, { error: `maxUses must be between 1 and ${INVITE_MAX_USES}` })
      .nullable()
      .optional(),
    expiresAt: futureDateTime('expiresAt'),
  },
  body,
);
export type CreateInviteBody = z.infer<typeof createInviteBody>;

export const INVITE_STATES = ['active', 'expired', 'revoked', 'used-up'] as const;
export const invite = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  revokedAt: z.string().nullable(),
  state: z.enum(INVITE_STATES),
  /** The coach who made it (null when their account is gone). */
  createdBy: z.object({ name: z.string(), username: z.string() }).nullable(),
});
export type Invite = z.infer<typeof invite>;
/** The link is shown once, when it is made: only its token's hash is kept. */
export const createInviteResponse = z.object({ invite, link: z.string() });
export type CreateInviteResponse = z.infer<typeof createInviteResponse>;
export const invitesResponse = z.object({ invites: z.array(invite) });
export type InvitesResponse = z.infer<typeof invitesResponse>;

export const SUSPENSION_REASON_MAX = 500;

/** POST /api/admin/members/:id/suspend. */
export const suspendBody = z.object(
  {
    reason: text('reason')
      .trim()
      .min(1, { error: 'reason is required' })
      .max(SUSPENSION_REASON_MAX, {
        error: `reason must be at most ${SUSPENSION_REASON_MAX} characters`,
      }),
    until: futureDateTime('until'),
    removeMessages: z.boolean({ error: 'removeMessages must be true or false' }).optional(),
  },
  body,
);
export type SuspendBody = z.infer<typeof suspendBody>;

/** A member's suspension as the admin's member list shows it. */
export const suspension = z.object({
  reason: z.string(),
  since: z.string(),
  until: z.string().nullable(),
});
export type Suspension = z.infer<typeof suspension>;
