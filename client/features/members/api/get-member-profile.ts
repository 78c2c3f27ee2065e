import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberProfile } from '@common/contracts/members';
import { throwIfResNotOk } from '../../../lib/api-client';

/**
 * GET /api/members/username/{username} → the member's profile as this viewer may see it (fields hidden by
 * privacy are absent). 403 private, 404 unknown, 401 not signed in: each an ApiError with its status.
 */
export async function getMemberProfile(username: string, signal?: AbortSignal): Promise<MemberProfile> {
  const res = await fetch(`/api/members/username/${encodeURIComponent(username)}`, {
    credentials: 'include',
    signal,
  });
  await throwIfResNotOk(res);
  return (await res.json()) as MemberProfile;
}

export function memberProfileQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['/api/members/username', username] as const,
    queryFn: ({ signal }) => getMemberProfile(username, signal),
  });
}

/** Another member's profile. */
export function useMemberProfile(username: string) {
  return useQuery(memberProfileQueryOptions(username));
}
