import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfilePictureResponse } from '@common/contracts/members';
import { throwIfResNotOk } from '../../../lib/api-client';
import { outOfSpaceMessage } from '../../../lib/api-error';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';

/**
 * POST /api/auth/upload-profile-picture: multipart with the one field `profilePicture` →
 * `{ profilePictureUrl }`. No Content-Type is set: the browser adds it with the multipart boundary.
 */
export async function uploadProfilePicture(file: File): Promise<ProfilePictureResponse> {
  const body = new FormData();
  body.append('profilePicture', file);
  const res = await fetch('/api/auth/upload-profile-picture', {
    method: 'POST',
    credentials: 'include',
    body,
  });
  await throwIfResNotOk(res);
  return (await res.json()) as ProfilePictureResponse;
}

/** Uploads a new picture; on success the current user (header avatar, profile) is refreshed. */
export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Profile picture updated' });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: outOfSpaceMessage(error) ?? 'Failed to upload profile picture',
        variant: 'destructive',
      });
    },
  });
}
