import { queryOptions, useQuery } from '@tanstack/react-query';
import { MEMBER_COUNT_FALLBACK } from '@common/constants';
import type { MemberCountResponse } from '@common/contracts/auth';
import { getQueryFn } from '../../../lib/api-client';

/** GET /api/members/count → `{ count }`. */
export const getMemberCount = getQueryFn<MemberCountResponse>({ on401: 'throw' });

export function memberCountQueryOptions() {
  return queryOptions({ queryKey: ['/api/members/count'] as const, queryFn: getMemberCount });
}

/** The number of members; the spec's fallback (6) when the call fails, undefined while it runs. */
export function useMemberCount(): { count: number | undefined; isPending: boolean } {
  const query = useQuery(memberCountQueryOptions());
  if (query.isError) return { count: MEMBER_COUNT_FALLBACK, isPending: false };
  return { count: query.data?.count, isPending: query.isPending };
}
