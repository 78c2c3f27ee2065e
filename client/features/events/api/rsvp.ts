import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event, EventsResponse } from '@common/contracts/events';
import type { RsvpStatus } from '@common/contracts/events-values';
import { apiJson } from '../../../lib/api-client';
import { EVENTS_KEY, upcomingEventsQueryOptions } from './get-events';

/** PUT /api/events/:id/rsvp → the session as the member now sees it (with the meeting link once going). */
export const putRsvp = (id: string, status: RsvpStatus) =>
  apiJson<Event>('PUT', `/api/events/${encodeURIComponent(id)}/rsvp`, { status });

export function useRsvp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: RsvpStatus }) => putRsvp(id, status),
    onSuccess: (event) => {
      client.setQueryData(upcomingEventsQueryOptions().queryKey, (old: EventsResponse | undefined) =>
        old ? { ...old, events: old.events.map((e) => (e.id === event.id ? event : e)) } : old,
      );
      void client.invalidateQueries({ queryKey: EVENTS_KEY });
    },
  });
}
