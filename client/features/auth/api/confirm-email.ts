import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';

/** POST /api/auth/confirm-email: the token from the mailed link. */
export function confirmEmail(token: string): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('POST', '/api/auth/confirm-email', { token });
}

/** Follows the link; a signed-in member's account then reads as confirmed (and admin, if listed). */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries(currentUserQueryOptions()),
  });
}

/** POST /api/auth/resend-confirmation: a new link to the member's address. */
export function resendConfirmation(): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('POST', '/api/auth/resend-confirmation');
}
