import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { DeleteAccountBody } from '@common/contracts/auth';
import { apiJson } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';

/**
 * POST /api/auth/delete-account `{ password }` → `{ ok }`, the session cookie cleared and every
 * session of the account ended. 401 for a wrong password, 409 LAST_ADMIN_CANNOT_DELETE, 429.
 */
export function deleteAccount(body: DeleteAccountBody): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('POST', '/api/auth/delete-account', body);
}

/**
 * Deletes the member's account; on success the browser forgets everything it fetched for them and
 * shows the home page signed out, with 'Account deleted'. The dialog shows any error itself.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      const { queryKey } = currentUserQueryOptions();
      navigate('/', { replace: true });
      queryClient.setQueryData(queryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKey[0] });
      toast({ title: 'Account deleted', description: 'Your account was deleted for good.' });
    },
  });
}
