import { z } from 'zod';
import { text } from './fields';
import { suspension } from './community';

/** The path of POST /api/admin/members/{id}/reset-password. */
export const memberIdParams = z.object({
  id: text('id').pipe(z.uuid({ error: 'id must be a member id' })),
});

/** GET /api/admin/members: one entry of the credentials viewer; never a password (docs/decisions.md decision 1). */
export const adminMember = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  paymentStatus: z.string(),
  /** How many of the 36 lessons the member has done (issue 18). */
  lessonsDone: z.number().int(),
  /** 'pending' or 'declined' for a join request (decision 54). */
  membership: z.enum(['active', 'pending', 'declined']),
  /** The member's suspension, if any (it may have passed its end date). */
  suspension: suspension.nullable(),
});
export type AdminMember = z.infer<typeof adminMember>;
export const adminMembersResponse = z.array(adminMember);

/** POST /api/admin/members/:id/reset-password: the temporary password, shown once. */
export const resetPasswordResponse = z.object({ temporaryPassword: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;
