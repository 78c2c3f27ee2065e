import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditResponse } from '@common/contracts/moderation';
import { readQueryResponse } from '../../../lib/api-client';

/**
 * GET /api/admin/audit?before= (administrators, decision 53): the moderation log, newest first, 50 entries
 * a page; `nextCursor` is the `before` of the next, older page. 403 for members.
 */
export async function getAudit(before: number | null, signal?: AbortSignal): Promise<AuditResponse> {
  const res = await fetch(`/api/admin/audit${before ? `?before=${before}` : ''}`, {
    credentials: 'include',
    signal,
  });
  return (await readQueryResponse<AuditResponse>(res, 'throw'))!;
}

export function auditQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['/api/admin/audit'] as const,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => getAudit(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The log while shown, read again when the window regains focus (another coach may have acted). */
export const useAudit = () =>
  useInfiniteQuery({ ...auditQueryOptions(), refetchOnMount: 'always', refetchOnWindowFocus: true });
