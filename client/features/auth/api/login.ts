import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, UserResponse } from '@common/contracts/auth';
import { apiJson } from '../../../lib/api-client';
import { serverErrorMessage } from '../../../lib/api-error';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';

/** POST /api/auth/login. */
export function login(body: LoginBody): Promise<UserResponse> {
  return apiJson<UserResponse>('POST', '/api/auth/login', body);
}

/** Signs in; on success the current user is refreshed and 'Success' is shown, on failure 'Login Failed'. */
export function useLogin({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (data) => {
      const { queryKey } = currentUserQueryOptions();
      queryClient.setQueryData(queryKey, data);
      toast({ title: 'Success', description: 'Logged in successfully!' });
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      toast({
        title: 'Login Failed',
        description: serverErrorMessage(error) ?? 'Invalid credentials',
        variant: 'destructive',
      });
    },
  });
}
