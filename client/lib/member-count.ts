import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { MEMBER_COUNT_FALLBACK } from '@common/constants';
import type { MemberCountResponse } from '@common/contracts/auth';
import { getQueryFn } from './api-client';

/** GET /api/members/count → `{ count }`. */
export const getMemberCount = getQueryFn<MemberCountResponse>({ on401: 'throw' });

/** The member-count query; the chat stream keeps it current through this key. */
export function memberCountQueryOptions() {
  return queryOptions({ queryKey: ['/api/members/count'] as const, queryFn: getMemberCount });
}

/** Puts a count the chat stream delivered into the cache, where the member-count card reads it. */
export function setMemberCount(client: QueryClient, count: number): void {
  client.setQueryData(memberCountQueryOptions().queryKey, { count });
}

/**
 * The number of members, undefined while it loads. When the call fails, the spec's fallback (6),
 * marked `fallback` (not a count of anyone).
 */
export function useMemberCount(): { count: number | undefined; isPending: boolean; fallback: boolean } {
  const query = useQuery(memberCountQueryOptions());
  if (query.isError && query.data === undefined) {
    return { count: MEMBER_COUNT_FALLBACK, isPending: false, fallback: true };
  }
  return { count: query.data?.count, isPending: query.isPending, fallback: false };
}
