import type { CurrentUser } from '../../common/contracts/auth';
import type { UserRow } from '../db/schema';

/**
 * Decision 2: admin by the column (granted from the command line), or by ADMIN_EMAILS once the
 * member has proven the address by following the link mailed to it.
 */
export function isAdminRow(row: UserRow, adminEmails: ReadonlySet<string>): boolean {
  return row.isAdmin || (row.emailConfirmedAt !== null && adminEmails.has(row.email));
}

/** The signed-in member's own view of their account (SPEC §3 "current user"); never the hash. */
export function presentCurrentUser(row: UserRow, adminEmails: ReadonlySet<string>): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    isAdmin: isAdminRow(row, adminEmails),
    profilePicture: row.profilePicture,
    age: row.age,
    height: row.height,
    weight: row.weight,
    school: row.school,
    hometown: row.hometown,
    background: row.background,
    injuryHistory: row.injuryHistory,
    goalOne: row.goalOne,
    goalTwo: row.goalTwo,
    goalThree: row.goalThree,
    paymentStatus: row.paymentStatus,
    privacyLevel: row.privacyLevel,
    mustChangePassword: row.mustChangePassword,
    emailConfirmed: row.emailConfirmedAt !== null,
    membership: isAdminRow(row, adminEmails) ? 'active' : row.membership,
    createdAt: row.createdAt.toISOString(),
  };
}
