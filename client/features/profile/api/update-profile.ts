import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { ProfileUpdateBody, UserResponse } from '@common/contracts/auth';
import { apiJson } from '../../../lib/api-client';
import { serverErrorMessage } from '../../../lib/api-error';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';

/** PATCH /api/auth/profile with any of the profile fields → `{ user }`. */
export function updateProfile(body: ProfileUpdateBody): Promise<UserResponse> {
  return apiJson<UserResponse>('PATCH', '/api/auth/profile', body);
}

/** Saves the profile; on success the current user is refreshed and the member goes to /profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (data) => {
      const { queryKey } = currentUserQueryOptions();
      queryClient.setQueryData(queryKey, data);
      toast({ title: 'Success', description: 'Profile updated' });
      navigate('/profile');
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverErrorMessage(error) ?? 'Failed to update profile',
        variant: 'destructive',
      });
    },
  });
}

/** Removes the profile picture (PATCH with `profilePicture: null`); the member stays on the page. */
export function useRemoveProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => updateProfile({ profilePicture: null }),
    onSuccess: async (data) => {
      const { queryKey } = currentUserQueryOptions();
      queryClient.setQueryData(queryKey, data);
      toast({ title: 'Success', description: 'Profile picture removed' });
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverErrorMessage(error) ?? 'Failed to remove profile picture',
        variant: 'destructive',
      });
    },
  });
}
