import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResetPasswordBody, UserResponse } from '@common/contracts/auth';
import { apiJson } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';

/** POST /api/auth/reset-password/check `{ token }` → `{ ok }`, or 400 LINK_EXPIRED_OR_USED. */
export function checkResetLink(token: string): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('POST', '/api/auth/reset-password/check', { token });
}

/** Whether a reset link can still be used; asked once per page visit, never retried or refetched. */
export function resetLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['/api/auth/reset-password/check', token] as const,
    queryFn: () => checkResetLink(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useResetLink(token: string) {
  return useQuery(resetLinkQueryOptions(token));
}

/**
 * POST /api/auth/reset-password `{ token, password }` → `{ user }`: the member is signed in on this
 * browser and every other session of the account ended. 400 with the password rules' text leaves the
 * link usable; 400 LINK_EXPIRED_OR_USED for a spent one.
 */
export function resetPassword(body: ResetPasswordBody): Promise<UserResponse> {
  return apiJson<UserResponse>('POST', '/api/auth/reset-password', body);
}

/** Sets the new password; on success the member is the current user and 'Password changed' shows. */
export function useResetPassword({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: async (data) => {
      const { queryKey } = currentUserQueryOptions();
      queryClient.setQueryData(queryKey, data);
      toast({ title: 'Password changed', description: "Your new password is set and you're logged in." });
      onSuccess?.();
      // Whatever this browser held belonged to the session before (maybe another member's).
      await queryClient.invalidateQueries();
    },
  });
}
