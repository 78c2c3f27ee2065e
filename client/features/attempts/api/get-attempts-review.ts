import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { CHAT_POLL_MS } from '@common/constants';
import type { AttemptsReviewResponse, AttemptsReviewStatus } from '@common/contracts/attempts';
import { readQueryResponse } from '../../../lib/api-client';
import { ATTEMPTS_QUERY_ROOT } from '../../../lib/attempt-queries';

/**
 * GET /api/attempts/review?status=&cursor= (admins, issue 30): attempts awaiting a coach's reply, oldest
 * first, or replied to, newest first, across lessons and the chat; `nextCursor` for the next page and
 * `awaiting`, how many wait in all. 403 for members, 401 signed out.
 */
export async function getAttemptsReview(
  status: AttemptsReviewStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AttemptsReviewResponse> {
  const query = new URLSearchParams({ status });
  if (cursor) query.set('cursor', cursor);
  const res = await fetch(`/api/attempts/review?${query}`, { credentials: 'include', signal });
  return (await readQueryResponse<AttemptsReviewResponse>(res, 'throw'))!;
}

export function attemptsReviewQueryOptions(status: AttemptsReviewStatus) {
  return infiniteQueryOptions({
    queryKey: [...ATTEMPTS_QUERY_ROOT, 'review', status] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getAttemptsReview(status, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * The review list while it is shown: asked again every 3 s (as a discussion is, which is where most
 * replies land) and whenever the window regains focus, so a reply by any admin takes it off at once.
 */
export function useAttemptsReview(status: AttemptsReviewStatus, { enabled = true } = {}) {
  return useInfiniteQuery({
    ...attemptsReviewQueryOptions(status),
    enabled,
    refetchInterval: CHAT_POLL_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: 'always',
  });
}

/** How many attempts await a reply (the home card's N): read on mount and focus, and every 30 s. */
export function useAttemptsAwaitingCount({ enabled }: { enabled: boolean }) {
  const review = useInfiniteQuery({
    ...attemptsReviewQueryOptions('awaiting'),
    enabled,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    refetchOnMount: 'always',
  });
  return { ...review, count: review.data?.pages[0]?.awaiting };
}
