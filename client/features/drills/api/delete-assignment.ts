import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ASSIGNMENTS_QUERY_ROOT } from './get-assignments';

/** DELETE /api/assignments/:id (coaches): the drill and every member's part of it; every list read again. */
export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/assignments/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ASSIGNMENTS_QUERY_ROOT }),
  });
}
