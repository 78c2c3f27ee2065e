import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Recording } from '@common/contracts/recordings';
import { getQueryFn } from '../../../lib/api-client';

/**
 * GET /api/recordings → the signed-in member's own recordings, newest first, each
 * `{ id, recordedAt, duration, audioUrl, videoUrl }`; 401 when not signed in.
 */
export const getRecordings = getQueryFn<Recording[]>({ on401: 'throw' });

export function recordingsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/recordings'] as const,
    queryFn: getRecordings,
  });
}

/** The member's recordings, for the calendar. */
export function useRecordings() {
  return useQuery(recordingsQueryOptions());
}
