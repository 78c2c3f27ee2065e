import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberProfile } from '@common/contracts/members';
import { throwIfResNotOk } from '../../../lib/api-client';
import { memberProfileUrl, takeEarlyMemberProfile } from '../../../lib/early-member-profile';

/**
 * GET /api/members/username/{username} → the member's profile as this viewer may see it (fields hidden by
 * privacy are absent). 403 private, 404 unknown, 401 not signed in: each an ApiError with its status.
 * On the member's own page, the first time, the answer to the request the page's entry started
 * (client/lib/early-member-profile.ts).
 */
export async function getMemberProfile(username: string, signal?: AbortSignal): Promise<MemberProfile> {
  const url = memberProfileUrl(username);
  const res = await (takeEarlyMemberProfile(url) ?? fetch(url, { credentials: 'include', signal }));
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
