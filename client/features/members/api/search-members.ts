import { queryOptions, useQuery } from '@tanstack/react-query';
import { MEMBER_SEARCH_MIN_CHARS } from '@common/constants';
import type { MemberSearchResult } from '@common/contracts/members';
import { charLength } from '@common/text';
import { throwIfResNotOk } from '../../../lib/api-client';

/** GET /api/members?search={text} → at most 20 members (no e-mails); 400 under 2 characters. */
export async function searchMembers(search: string, signal?: AbortSignal): Promise<MemberSearchResult[]> {
  const res = await fetch(`/api/members?search=${encodeURIComponent(search)}`, {
    credentials: 'include',
    signal,
  });
  await throwIfResNotOk(res);
  return (await res.json()) as MemberSearchResult[];
}

/** Whether a query is long enough to be sent (SPEC §5: 2 characters or more, after trimming). */
export function isSearchable(search: string): boolean {
  return charLength(search.trim()) >= MEMBER_SEARCH_MIN_CHARS;
}

export function searchMembersQueryOptions(search: string) {
  const trimmed = search.trim();
  return queryOptions({
    queryKey: ['/api/members', { search: trimmed }] as const,
    queryFn: ({ signal }) => searchMembers(trimmed, signal),
    enabled: isSearchable(trimmed),
  });
}

/**
 * The members matching `search`; runs only from 2 characters. A failed request yields an empty list
 * (SPEC §7). `results` is undefined while the first answer for this text is on its way.
 */
export function useSearchMembers(search: string): {
  results: MemberSearchResult[] | undefined;
  isFetching: boolean;
} {
  const query = useQuery(searchMembersQueryOptions(search));
  if (query.isError) return { results: [], isFetching: false };
  return { results: query.data, isFetching: query.isFetching };
}
