import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiJson } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { focusSignIn } from '../../../lib/focus';
import { toast } from '../../../lib/toast';

/** POST /api/auth/logout, with no body and so no content type. */
export function logout(): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('POST', '/api/auth/logout');
}

/**
 * Signs out: a member on any other page goes home first (a members' page would send a visitor there
 * with the sign-in dialog open, to come back: not what Logout means), then the current user becomes
 * null. The Logout pressed has gone with the signed-in page, so focus goes to the Login button that
 * replaced the menu.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      const { queryKey } = currentUserQueryOptions();
      if (location !== '/') navigate('/');
      queryClient.setQueryData(queryKey, null);
      focusSignIn();
      toast({ title: 'Logged Out', description: 'You have been logged out successfully.' });
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Failed to log out. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
