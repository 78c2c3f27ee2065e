import { PENDING_APPROVAL, REQUEST_DECLINED } from '../../common/contracts/community';
import { adminOnly, rule } from './policy';

/** A member as the admission rules read them: their standing and their suspension. */
export type AdmissionSubject = {
  membership: 'active' | 'pending' | 'declined';
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
  suspensionReason: string | null;
};

/** The member a coach would suspend: who they are and whether they are an administrator. */
export type SuspendTarget = { id: string; isAdmin: boolean };

/**
 * Who gets in and who is kept out (decision 54). A pending or declined member is refused every
 * member-only call but the few a waiting member needs (`allowWhilePending` routes); a suspended
 * member has no session at all.
 */
export const admissionPolicies = {
  /** The admission setting, join requests and invitations. */
  'community.manage': adminOnly('Only coaches can decide who joins the community'),
  /** A coach suspends a member: never themselves, never another coach (issue 31, part 2). */
  'member.suspend': rule<SuspendTarget>({
    allow: (actor, target) => actor.isAdmin && target.id !== actor.user.id && !target.isAdmin,
    message: 'A coach cannot suspend themselves or another coach',
  }),
  /**
   * A join request is not a member yet: its profile is not found by other members (as the search and
   * the count leave it out); the member themselves and administrators see it.
   */
  'profile.view-pending': rule<{ id: string; membership: AdmissionSubject['membership'] }>({
    allow: (actor, profile) =>
      profile.membership === 'active' || actor.isAdmin || actor.user.id === profile.id,
    message: 'Member not found',
    code: 'not_found',
  }),
};

/**
 * Why a signed-in member may not use the community yet, or null when they may: waiting for a
 * coach's approval, or declined. Administrators are always members.
 */
export function membershipRefusal(
  user: Pick<AdmissionSubject, 'membership'>,
  isAdmin: boolean,
): string | null {
  if (isAdmin || user.membership === 'active') return null;
  return user.membership === 'pending' ? PENDING_APPROVAL : REQUEST_DECLINED;
}

/** The suspension in force at `now`, or null (none, or its end date passed). */
export function activeSuspension(
  user: AdmissionSubject,
  now: number,
): { reason: string; until: Date | null } | null {
  if (!user.suspendedAt) return null;
  if (user.suspendedUntil && user.suspendedUntil.getTime() <= now) return null;
  return { reason: user.suspensionReason ?? '', until: user.suspendedUntil };
}
