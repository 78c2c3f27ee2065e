import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MyAttemptsResponse } from '@common/contracts/attempts';
import { readQueryResponse } from '../../../lib/api-client';
import { ATTEMPTS_QUERY_ROOT } from '../../../lib/attempt-queries';

/**
 * GET /api/attempts/mine?cursor= (members, issue 30 part 4): the member's own attempts, newest first,
 * each with its status (awaiting | replied), the coach's first reply and whether it is unread; `unread`,
 * how many replies are unread in all; `nextCursor` for the next page. 401 signed out.
 */
export async function getMyAttempts(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MyAttemptsResponse> {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  const res = await fetch(`/api/attempts/mine${cursor ? `?${query}` : ''}`, {
    credentials: 'include',
    signal,
  });
  return (await readQueryResponse<MyAttemptsResponse>(res, 'throw'))!;
}

export function myAttemptsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...ATTEMPTS_QUERY_ROOT, 'mine'] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getMyAttempts(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * My attempts while shown, and the home card's count: read on mount, when the window regains focus
 * (a reply read on another device or tab), and every 30 s, so a coach's reply shows up unasked.
 */
export function useMyAttempts({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({
    ...myAttemptsQueryOptions(),
    enabled,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    refetchOnMount: 'always',
  });
  return { ...query, unread: query.data?.pages[0]?.unread };
}
