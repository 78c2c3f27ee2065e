import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JoinRequest, JoinRequestsResponse } from '@common/contracts/community';
import { apiJson, getQueryFn } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { failed } from './failed';
import { adminMembersQueryOptions } from './get-admin-members';

/** GET /api/admin/join-requests and POST …/:id/approve | decline (decision 54). */

export function joinRequestsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/join-requests'] as const,
    queryFn: getQueryFn<JoinRequestsResponse>({ on401: 'throw' }),
  });
}

export const useJoinRequests = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...joinRequestsQueryOptions(), enabled });

/** Approves or declines one join request; the list and the member list are read again. */
export function useDecideJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'decline' }) =>
      apiJson<{ request: JoinRequest }>(
        'POST',
        `/api/admin/join-requests/${encodeURIComponent(id)}/${decision}`,
      ),
    onSuccess: async (_data, { decision }) => {
      toast({
        title: decision === 'approve' ? 'Approved' : 'Declined',
        description:
          decision === 'approve'
            ? 'They are a member now, and were told by e-mail.'
            : 'They were told by e-mail.',
      });
      await queryClient.invalidateQueries({ queryKey: joinRequestsQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: adminMembersQueryOptions().queryKey });
    },
    onError: failed('Could not answer the request'),
  });
}
