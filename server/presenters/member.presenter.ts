import type { MemberSearchResult, MemberProfile } from '../../common/contracts/members';
import type { AdminMember } from '../../common/contracts/admin';
import type { UserRow } from '../db/schema';
import { isAdminRow } from './user.presenter';

export type Viewer = { userId: string; isAdmin: boolean };

/**
 * Another member's profile as this viewer may see it (docs/decisions.md decision 3): the member and
 * admins see everything; others see a public profile whole and a selective one without age,
 * height, weight and injury history. E-mail and payment status only for the member and admins.
 * Hidden fields are left out, not nulled.
 */
export function presentMemberProfile(
  row: UserRow,
  viewer: Viewer,
  adminEmails: ReadonlySet<string>,
): MemberProfile {
  const full = viewer.isAdmin || viewer.userId === row.id;
  const profile: MemberProfile = {
    id: row.id,
    username: row.username,
    name: row.name,
    profilePicture: row.profilePicture,
    isAdmin: isAdminRow(row, adminEmails),
    privacyLevel: row.privacyLevel,
    createdAt: row.createdAt.toISOString(),
  };
  if (full || row.privacyLevel === 'public' || row.privacyLevel === 'selective') {
    Object.assign(profile, {
      school: row.school,
      hometown: row.hometown,
      background: row.background,
      goalOne: row.goalOne,
      goalTwo: row.goalTwo,
      goalThree: row.goalThree,
    });
  }
  if (full || row.privacyLevel === 'public') {
    Object.assign(profile, {
      age: row.age,
      height: row.height,
      weight: row.weight,
      injuryHistory: row.injuryHistory,
    });
  }
  if (full) Object.assign(profile, { email: row.email, paymentStatus: row.paymentStatus });
  return profile;
}

/** A search result: never an e-mail. */
export function presentSearchResult(row: UserRow, adminEmails: ReadonlySet<string>): MemberSearchResult {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    profilePicture: row.profilePicture,
    isAdmin: isAdminRow(row, adminEmails),
  };
}

/** An entry of the admin credentials viewer: never a password or hash (docs/decisions.md decision 1). */
export function presentAdminMember(
  row: UserRow,
  adminEmails: ReadonlySet<string>,
  lessonsDone: number,
): AdminMember {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    isAdmin: isAdminRow(row, adminEmails),
    paymentStatus: row.paymentStatus,
    lessonsDone,
    membership: row.membership,
    suspension: row.suspendedAt
      ? {
          reason: row.suspensionReason ?? '',
          since: row.suspendedAt.toISOString(),
          until: row.suspendedUntil?.toISOString() ?? null,
        }
      : null,
  };
}
