// The values of the community contract (./community) that hold no zod schema: the client imports them
// from here, so that none of its pages builds the contract's schemas (docs/decisions.md decision 67).

/**
 * Who gets in and who is kept out (decision 54): the community's admission mode, join requests,
 * invitations and suspensions. The server's routes and the client's admin pages share these.
 */
export const ADMISSION = ['open', 'approval', 'invite'] as const;
export type Admission = (typeof ADMISSION)[number];

/** The refusal of a time zone Intl does not know (decision 83). */
export const TIME_ZONE_INVALID = 'timeZone must be an IANA time zone name, such as Europe/Paris';

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

/** The most uses an invitation may allow. */
export const INVITE_MAX_USES = 10_000;
/** An invitation's state as the admin page lists it. */
export const INVITE_STATES = ['active', 'expired', 'revoked', 'used-up'] as const;
/** The longest suspension reason, in characters. */
export const SUSPENSION_REASON_MAX = 500;
