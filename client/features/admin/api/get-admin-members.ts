import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMember } from '@common/contracts/admin';
import { getQueryFn } from '../../../lib/api-client';

/** GET /api/admin/members (admins only) → every member's name, e-mail, payment status and admin flag. */
export const getAdminMembers = getQueryFn<AdminMember[]>({ on401: 'throw' });

export function adminMembersQueryOptions() {
  return queryOptions({ queryKey: ['/api/admin/members'] as const, queryFn: getAdminMembers });
}

/**
 * The member list of the credentials viewer, fetched only while the viewer is open (`enabled`), and
 * afresh each time it opens.
 */
export function useAdminMembers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...adminMembersQueryOptions(), enabled, staleTime: 0 });
}
