import { useQuery } from '@tanstack/react-query';
import type { MemberProfile } from '@common/contracts/members';
import { throwIfResNotOk } from '../../../lib/api-client';
import { memberProfileUrl } from '../../../lib/early-member-profile';

/**
 * The member's own streak (decision 83) for their profile card: the `streak` of their member profile
 * (GET /api/members/username/{username}), under the member page's query key, so either page's answer
 * serves the other. Undefined until it answers.
 */
export function useOwnStreak(username: string | null): number | undefined {
  const query = useQuery({
    queryKey: ['/api/members/username', username ?? ''] as const,
    queryFn: async ({ signal }) => {
      const res = await fetch(memberProfileUrl(username ?? ''), { credentials: 'include', signal });
      await throwIfResNotOk(res);
      return (await res.json()) as MemberProfile;
    },
    enabled: username !== null,
  });
  return query.data?.streak;
}
