import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@common/contracts/notifications';
import { apiJson } from '../../../lib/api-client';

/** The query key of the member's notification preferences (under ['notifications', …]). */
export const notificationPreferencesKey = ['notifications', 'preferences'] as const;

/** GET /api/notifications/preferences: every kind the member can receive, and the weekly digest. */
export const fetchNotificationPreferences = () =>
  apiJson<NotificationPreferences>('GET', '/api/notifications/preferences');

export const notificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: notificationPreferencesKey, queryFn: fetchNotificationPreferences });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());

/** PUT /api/notifications/preferences: the kinds given (others kept) and the digest; answers all. */
export const saveNotificationPreferences = (body: Partial<NotificationPreferences>) =>
  apiJson<NotificationPreferences>('PUT', '/api/notifications/preferences', body);

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesKey, saved),
  });
}
