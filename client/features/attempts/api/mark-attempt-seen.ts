import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AttemptSeenResponse, MyAttemptsResponse } from '@common/contracts/attempts';
import { apiJson } from '../../../lib/api-client';
import { myAttemptsQueryOptions } from './get-my-attempts';

/** POST /api/attempts/{id}/seen (the member's own attempt): the coach's reply is read; how many stay unread. */
export function markAttemptSeen(attemptId: string): Promise<AttemptSeenResponse> {
  return apiJson<AttemptSeenResponse>('POST', `/api/attempts/${encodeURIComponent(attemptId)}/seen`);
}

/** My attempts with one reply read, and the count the server answered. */
function seenIn<D extends InfiniteData<MyAttemptsResponse, unknown>>(
  data: D | undefined,
  attemptId: string,
  unread: number | null,
): D | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      unread:
        unread ??
        Math.max(0, p.unread - (p.items.some((i) => i.attempt.id === attemptId && i.unread) ? 1 : 0)),
      items: p.items.map((i) => (i.attempt.id === attemptId ? { ...i, unread: false } : i)),
    })),
  };
}

/**
 * Marks a reply read when the member opens it: the unread mark and the home card's count drop at once
 * (before the answer, as the member is already on the way to the reply), then the list is read again.
 */
export function useMarkAttemptSeen() {
  const queryClient = useQueryClient();
  const { queryKey } = myAttemptsQueryOptions();
  return useMutation({
    mutationFn: markAttemptSeen,
    onMutate: async (attemptId) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (data) => seenIn(data, attemptId, null));
    },
    onSuccess: (answer, attemptId) => {
      queryClient.setQueryData(queryKey, (data) => seenIn(data, attemptId, answer.unread));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
