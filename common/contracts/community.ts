import { z } from 'zod';
import { fieldError, text } from './fields';
import { canonicalTimeZone } from '../community-time';
import {
  ADMISSION,
  INVITE_MAX_USES,
  INVITE_STATES,
  SUSPENSION_REASON_MAX,
  TIME_ZONE_INVALID,
} from './community-values';

export * from './community-values';

const body = { error: 'Request body must be a JSON object' };

/** GET and PATCH /api/admin/community: who can join, and the community's time zone (IANA name). */
export const communitySettingsResponse = z.object({ admission: z.enum(ADMISSION), timeZone: z.string() });
export type CommunitySettings = z.infer<typeof communitySettingsResponse>;
/** A zone Intl knows (decision 83); the service stores it as Intl spells it. */
const timeZone = text('timeZone', 'an IANA time zone name').refine(
  (zone) => canonicalTimeZone(zone) !== null,
  {
    error: TIME_ZONE_INVALID,
  },
);
export const communitySettingsBody = z
  .object(
    {
      admission: z.enum(ADMISSION, { error: 'admission must be one of open, approval, invite' }).optional(),
      timeZone: timeZone.optional(),
    },
    body,
  )
  .refine((b) => b.admission !== undefined || b.timeZone !== undefined, {
    error: 'The body must set admission or timeZone',
  });
/** GET /api/community/settings (members): what the community's pages need of its settings. */
export const memberCommunitySettingsResponse = z.object({ timeZone: z.string() });
export type MemberCommunitySettings = z.infer<typeof memberCommunitySettingsResponse>;
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
