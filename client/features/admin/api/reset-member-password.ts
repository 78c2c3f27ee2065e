import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordResponse } from '@common/contracts/admin';
import { apiJson } from '../../../lib/api-client';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';

/**
 * POST /api/admin/members/:id/reset-password (no body) → `{ temporaryPassword }`. The member's sessions
 * end and they must change it at next sign-in (docs/decisions.md decision 1).
 */
export function resetMemberPassword(memberId: string): Promise<ResetPasswordResponse> {
  return apiJson<ResetPasswordResponse>(
    'POST',
    `/api/admin/members/${encodeURIComponent(memberId)}/reset-password`,
  );
}

/** Resets one member's password; the caller shows the temporary password from `data` once. */
export function useResetMemberPassword() {
  return useMutation({
    mutationFn: resetMemberPassword,
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverErrorMessage(error) ?? 'Failed to reset password',
        variant: 'destructive',
      });
    },
  });
}
