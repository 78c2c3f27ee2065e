import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEventBody, Event, UpdateEventBody } from '@common/contracts/events';
import type { EventScope } from '@common/contracts/events-values';
import { apiJson } from '../../../lib/api-client';
import { EVENTS_KEY } from './get-events';

// The coaches' POST, PATCH and DELETE /api/events (decision 82): each refreshes the events' queries.

export const createEvents = (body: CreateEventBody) =>
  apiJson<{ events: Event[] }>('POST', '/api/events', body);

export const updateEvents = (id: string, body: UpdateEventBody, scope: EventScope) =>
  apiJson<{ events: Event[] }>('PATCH', `/api/events/${encodeURIComponent(id)}?scope=${scope}`, body);

export const deleteEvents = (id: string, scope: EventScope) =>
  apiJson<{ deleted: number }>('DELETE', `/api/events/${encodeURIComponent(id)}?scope=${scope}`);

function useRefreshing<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: EVENTS_KEY }),
  });
}

export const useCreateEvents = () => useRefreshing((body: CreateEventBody) => createEvents(body));
export const useUpdateEvents = () =>
  useRefreshing(({ id, body, scope }: { id: string; body: UpdateEventBody; scope: EventScope }) =>
    updateEvents(id, body, scope),
  );
export const useDeleteEvents = () =>
  useRefreshing(({ id, scope }: { id: string; scope: EventScope }) => deleteEvents(id, scope));
