import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuspendBody, Suspension } from '@common/contracts/community';
import { apiJson } from '../../../lib/api-client';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { adminMembersQueryOptions } from './get-admin-members';

/**
 * POST /api/admin/members/:id/suspend and …/unsuspend (decision 54): the member's sessions end at once;
 * the member list is read again.
 */
export function useSuspendMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SuspendBody }) =>
      apiJson<{ suspension: Suspension }>(
        'POST',
        `/api/admin/members/${encodeURIComponent(id)}/suspend`,
        body,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMembersQueryOptions().queryKey }),
    onError: (error) =>
      toast({
        title: 'Could not suspend',
        description: serverErrorMessage(error) ?? 'Try again',
        variant: 'destructive',
      }),
  });
}

export function useUnsuspendMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<{ ok: true }>('POST', `/api/admin/members/${encodeURIComponent(id)}/unsuspend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMembersQueryOptions().queryKey }),
    onError: (error) =>
      toast({
        title: 'Could not unsuspend',
        description: serverErrorMessage(error) ?? 'Try again',
        variant: 'destructive',
      }),
  });
}
