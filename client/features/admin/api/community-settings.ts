import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Admission, CommunitySettings } from '@common/contracts/community';
import { apiJson, getQueryFn } from '../../../lib/api-client';
import { failed } from './failed';

/** GET and PATCH /api/admin/community: who can join (decision 54). */

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
