import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, UserResponse } from '@common/contracts/auth';
import { apiJson } from '../../../lib/api-client';
import { serverErrorMessage } from '../../../lib/api-error';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';

/**
 * POST /api/auth/change-password `{ currentPassword, newPassword }` → `{ user }` with
 * `mustChangePassword: false`. 401 for a wrong current password, 400 for a refused new one.
 */
export function changePassword(body: ChangePasswordBody): Promise<UserResponse> {
  return apiJson<UserResponse>('POST', '/api/auth/change-password', body);
}

/** Sets a new password; on success the current user is refreshed, which closes the forced dialog. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (data) => {
      const { queryKey } = currentUserQueryOptions();
      queryClient.setQueryData(queryKey, data);
      toast({ title: 'Success', description: 'Password changed' });
      // Everything fetched while the password change was pending was refused with 403: fetch it again.
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverErrorMessage(error) ?? 'Failed to change password',
        variant: 'destructive',
      });
    },
  });
}
