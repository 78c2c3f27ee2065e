import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMember } from '@common/contracts/admin';
import { getQueryFn } from '../../../lib/api-client';

/** A member a coach may assign a drill to, as the form's picker lists them. */
export type AssignableMember = Pick<AdminMember, 'id' | 'name' | 'username'>;

/**
 * GET /api/admin/members (coaches), for the drill form's member picker: the members in good standing
 * (active, not suspended), coaches left out, by name. The same key as the admin pages' list.
 */
export function assignableMembersQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/members'] as const,
    queryFn: getQueryFn<AdminMember[]>({ on401: 'throw' }),
    select: (members: AdminMember[]): AssignableMember[] =>
      members
        .filter((m) => m.membership === 'active' && !m.isAdmin && !suspendedNow(m))
        .map(({ id, name, username }) => ({ id, name, username }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  });
}

/** Whether a member's suspension is in force (it may have passed its end date). */
function suspendedNow(m: AdminMember): boolean {
  if (!m.suspension) return false;
  return m.suspension.until === null || Date.parse(m.suspension.until) > Date.now();
}

export const useAssignableMembers = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...assignableMembersQueryOptions(), enabled });
