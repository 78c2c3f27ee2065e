import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssignmentsResponse } from '@common/contracts/assignments';
import type { AssignmentStatus } from '@common/contracts/assignments-values';
import { readQueryResponse } from '../../../lib/api-client';
import { ASSIGNMENTS_QUERY_ROOT } from '../../../lib/attempt-queries';

/** What GET /api/assignments is asked: a coach's filters (a member reads their own). */
export type AssignmentsFilter = { member?: string; status?: AssignmentStatus };

// The root of every drills query key: a new or deleted drill invalidates them all, and so does an attempt.
export { ASSIGNMENTS_QUERY_ROOT };

/** How many drills a list shows (the API's most per page; decision 81). */
const LIST_LIMIT = 200;

/**
 * GET /api/assignments (issue 34 §1, decision 81): a member's own drills, or a coach's across members,
 * by member and status; newest due first, with the community's time zone.
 */
export async function getAssignments(
  filter: AssignmentsFilter,
  signal?: AbortSignal,
): Promise<AssignmentsResponse> {
  const query = new URLSearchParams({ limit: String(LIST_LIMIT) });
  if (filter.member) query.set('member', filter.member);
  if (filter.status) query.set('status', filter.status);
  const res = await fetch(`/api/assignments?${query}`, { credentials: 'include', signal });
  return (await readQueryResponse<AssignmentsResponse>(res, 'throw'))!;
}

export function assignmentsQueryOptions(filter: AssignmentsFilter = {}) {
  return queryOptions({
    queryKey: [...ASSIGNMENTS_QUERY_ROOT, filter.member ?? '', filter.status ?? ''] as const,
    queryFn: ({ signal }) => getAssignments(filter, signal),
  });
}

/**
 * The drills, read afresh on every mount and when the window regains focus: an attempt posted
 * meanwhile (on a lesson's page, or in another tab) changes a status, and nothing here is told of it.
 */
export function useAssignments(
  filter: AssignmentsFilter = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    ...assignmentsQueryOptions(filter),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
}
