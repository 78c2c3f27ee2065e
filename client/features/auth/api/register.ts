import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserResponse } from '@common/contracts/auth';
import { apiJson } from '../../../lib/api-client';
import { serverErrorMessage } from '../../../lib/api-error';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { currentInvite, forgetInvite } from '../../../lib/invite-token';
import {
  INVITE_EXPIRED,
  INVITE_INVALID,
  INVITE_REVOKED,
  INVITE_USED_UP,
} from '@common/contracts/community-values';

const INVITE_UNUSABLE: readonly string[] = [INVITE_EXPIRED, INVITE_INVALID, INVITE_REVOKED, INVITE_USED_UP];
import { toast } from '../../../lib/toast';

export interface RegisterInput {
  email: string;
  password: string;
}

/**
 * POST /api/auth/register; the spec's request sends the e-mail as the username too, and the invitation
 * this tab arrived with, if any (decision 54).
 */
export function register({ email, password }: RegisterInput): Promise<UserResponse> {
  const invite = currentInvite();
  return apiJson<UserResponse>('POST', '/api/auth/register', {
    username: email,
    email,
    password,
    ...(invite ? { invite } : {}),
  });
}

/** Creates the account, which signs the member in; the current user is refreshed. */
export function useRegister({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: async (data) => {
      const { queryKey } = currentUserQueryOptions();
      queryClient.setQueryData(queryKey, data);
      forgetInvite();
      toast({ title: 'Success', description: "Account created! You're now logged in." });
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      // An invitation that cannot be used is not sent again: the next try goes without it (decision 54).
      const message = serverErrorMessage(error);
      if (message && INVITE_UNUSABLE.includes(message)) forgetInvite();
      toast({
        title: 'Registration Failed',
        description: message ?? 'Could not create account',
        variant: 'destructive',
      });
    },
  });
}
