import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedResponse, CalendarFeedStatus } from '@common/contracts/events';
import { apiJson, apiRequest, readQueryResponse } from '../../../lib/api-client';

const FEED_KEY = ['events', 'calendar-feed'] as const;

/** GET /api/calendar-feed: whether the member has a feed (its address is shown once, when made). */
export function calendarFeedQueryOptions() {
  return queryOptions({
    queryKey: FEED_KEY,
    queryFn: async ({ signal }) =>
      (await readQueryResponse<CalendarFeedStatus>(
        await fetch('/api/calendar-feed', { credentials: 'include', signal, cache: 'no-store' }),
        'throw',
      ))!,
  });
}

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());

/** POST /api/calendar-feed: a new secret address (the former one stops working). */
export function useMakeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CalendarFeedResponse>('POST', '/api/calendar-feed'),
    onSuccess: () => client.invalidateQueries({ queryKey: FEED_KEY }),
  });
}

/** DELETE /api/calendar-feed: the address stops working. */
export function useRevokeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/calendar-feed'),
    onSuccess: () => client.invalidateQueries({ queryKey: FEED_KEY }),
  });
}
