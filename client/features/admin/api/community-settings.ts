import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Admission, CommunitySettings } from '@common/contracts/community';
import { apiJson, getQueryFn } from '../../../lib/api-client';
import { failed } from './failed';

/** GET and PATCH /api/admin/community: who can join (decision 54) and the time zone (decision 83). */

export function communitySettingsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/community'] as const,
    queryFn: getQueryFn<CommunitySettings>({ on401: 'throw' }),
  });
}

export const useCommunitySettings = () => useQuery(communitySettingsQueryOptions());

export function useSetAdmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (admission: Admission) =>
      apiJson<CommunitySettings>('PATCH', '/api/admin/community', { admission }),
    onSuccess: (data) => queryClient.setQueryData(communitySettingsQueryOptions().queryKey, data),
    onError: failed('Could not change who can join'),
  });
}

/** Sets the community's time zone (an IANA name; the server answers 400 for one it does not know). */
export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) =>
      apiJson<CommunitySettings>('PATCH', '/api/admin/community', { timeZone }),
    onSuccess: async (data) => {
      queryClient.setQueryData(communitySettingsQueryOptions().queryKey, data);
      // What members' pages read of it (the board's reset, due times).
      await queryClient.invalidateQueries({ queryKey: ['/api/community/settings'] });
    },
    onError: failed('Could not change the time zone'),
  });
}
