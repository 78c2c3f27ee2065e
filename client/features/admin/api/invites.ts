import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInviteBody,
  CreateInviteResponse,
  Invite,
  InvitesResponse,
} from '@common/contracts/community';
import { apiJson, getQueryFn } from '../../../lib/api-client';
import { failed } from './failed';

/** GET, POST /api/admin/invites and DELETE /api/admin/invites/:id (decision 54). */

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
