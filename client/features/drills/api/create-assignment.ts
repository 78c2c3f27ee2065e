import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignmentView, CreateAssignmentBody } from '@common/contracts/assignments';
import { apiJson } from '../../../lib/api-client';
import { ASSIGNMENTS_QUERY_ROOT } from './get-assignments';

/** POST /api/assignments (coaches): the drill as set, with each member's status; every list read again. */
export function useCreateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssignmentBody) => apiJson<AssignmentView>('POST', '/api/assignments', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ASSIGNMENTS_QUERY_ROOT }),
  });
}
