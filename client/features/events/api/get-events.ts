import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Event, EventsResponse } from '@common/contracts/events';
import { readQueryResponse } from '../../../lib/api-client';

/** Every events query starts with this key (decision 82); a change invalidates it whole. */
export const EVENTS_KEY = ['events'] as const;

/** GET /api/events: the sessions from now (and the last few hours, to show one under way) to 90 days on. */
export function upcomingEventsQueryOptions() {
  return queryOptions({
    queryKey: [...EVENTS_KEY, 'upcoming'] as const,
    queryFn: async ({ signal }) => {
      const from = new Date(Date.now() - 6 * 60 * 60 * 1000).toISOString();
      return (await readQueryResponse<EventsResponse>(
        await fetch(`/api/events?${new URLSearchParams({ from }).toString()}`, {
          credentials: 'include',
          signal,
          cache: 'no-store',
        }),
        'throw',
      ))!;
    },
    staleTime: 30_000,
  });
}

export function useUpcomingEvents(enabled = true) {
  return useQuery({ ...upcomingEventsQueryOptions(), enabled });
}

/** The sessions not yet over, by start. */
export const notOver = (events: readonly Event[], now = Date.now()) =>
  events.filter((e) => Date.parse(e.endsAt) > now);
