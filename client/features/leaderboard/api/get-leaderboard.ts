import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardResponse } from '@common/contracts/leaderboard';
import type { LeaderboardPeriod } from '@common/contracts/leaderboard-values';
import { readQueryResponse } from '../../../lib/api-client';

/**
 * GET /api/leaderboard?period= (members, decision 83): the period's top 20 and the viewer's own
 * standing. 401 signed out.
 */
export async function getLeaderboard(
  period: LeaderboardPeriod,
  signal?: AbortSignal,
): Promise<LeaderboardResponse> {
  const res = await fetch(`/api/leaderboard?period=${period}`, { credentials: 'include', signal });
  return (await readQueryResponse<LeaderboardResponse>(res, 'throw'))!;
}

export function leaderboardQueryOptions(period: LeaderboardPeriod) {
  return queryOptions({
    queryKey: ['/api/leaderboard', period] as const,
    queryFn: ({ signal }) => getLeaderboard(period, signal),
  });
}

/** The board of a period while shown: read on mount and when the window regains focus, and each minute. */
export const useLeaderboard = (period: LeaderboardPeriod) =>
  useQuery({ ...leaderboardQueryOptions(period), refetchInterval: 60_000 });
