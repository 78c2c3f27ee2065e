import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { recordingsQueryOptions } from './get-recordings';

/** DELETE /api/recordings/{id} → `{ ok: true }`; the files go too. 404 for a recording not the member's. */
export function deleteRecording(id: string): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('DELETE', `/api/recordings/${encodeURIComponent(id)}`);
}

/** Deletes one of the member's recordings, then refreshes the calendar's list. */
export function useDeleteRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecording,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: recordingsQueryOptions().queryKey });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverErrorMessage(error) ?? 'Failed to delete recording',
        variant: 'destructive',
      });
    },
  });
}
