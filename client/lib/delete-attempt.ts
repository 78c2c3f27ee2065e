import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { invalidateAttemptThreads } from './attempts';

/** DELETE /api/attempts/{id}: the message and the frame's and clip's files go (decision 38). */
export function deleteAttempt(id: string): Promise<Response> {
  return apiRequest('DELETE', `/api/attempts/${encodeURIComponent(id)}`);
}

/**
 * Deletes an attempt from its card (client/components/attempts, shown by the chat and the discussions,
 * so it lives here rather than in a feature); the discussion threads and the attempt lists are read
 * again, the chat room drops the message through the card's `onDeleted`.
 */
export function useDeleteAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttempt,
    onSettled: () => invalidateAttemptThreads(queryClient),
  });
}
