import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Admission,
  CommunitySettings,
  CreateInviteBody,
  CreateInviteResponse,
  Invite,
  InvitesResponse,
  JoinRequest,
  JoinRequestsResponse,
} from '@common/contracts/community';
import { apiJson, getQueryFn } from '../../../lib/api-client';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';

/**
 * The admin's Community page (decision 54): GET/PATCH /api/admin/community, the join requests and the
 * invitations, each with its query key and the mutations that update it.
 */
const failed = (title: string) => (error: unknown) =>
  toast({ title, description: serverErrorMessage(error) ?? 'Try again', variant: 'destructive' });

export function communitySettingsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/community'] as const,
    queryFn: getQueryFn<CommunitySettings>({ on401: 'throw' }),
  });
}
export const useCommunitySettings = () => useQuery(communitySettingsQueryOptions());

export function useSetAdmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (admission: Admission) =>
      apiJson<CommunitySettings>('PATCH', '/api/admin/community', { admission }),
    onSuccess: (data) => queryClient.setQueryData(communitySettingsQueryOptions().queryKey, data),
    onError: failed('Could not change who can join'),
  });
}

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
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/members'] });
    },
    onError: failed('Could not answer the request'),
  });
}

export function invitesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/invites'] as const,
    queryFn: getQueryFn<InvitesResponse>({ on401: 'throw' }),
  });
}
export const useInvites = () => useQuery(invitesQueryOptions());

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInviteBody) => apiJson<CreateInviteResponse>('POST', '/api/admin/invites', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQueryOptions().queryKey }),
    onError: failed('Could not create the invitation'),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<{ invite: Invite }>('DELETE', `/api/admin/invites/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQueryOptions().queryKey }),
    onError: failed('Could not revoke the invitation'),
  });
}
