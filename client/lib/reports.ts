import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedMember, ReportBody, ReportCount } from '@common/contracts/reports';
import { apiJson, apiRequest } from './api-client';
import { serverErrorMessage } from './api-error';
import { toast } from './toast';

/**
 * Reports and blocks (decision 55), used by the chat, the discussions, member pages, Settings, the
 * home page and the user menu: POST /api/reports, GET /api/admin/reports/count, the block endpoints.
 */

/** POST /api/reports: a message or a member, with a reason and a note. */
export function useReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportBody) => apiJson<{ id: string; target: string }>('POST', '/api/reports', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [REPORTS_ROOT] }),
  });
}

/** The key root of the coaches' report queries (the queue and its count). */
export const REPORTS_ROOT = '/api/admin/reports';

/** GET /api/admin/reports/count: the open reports, for coaches' home and menu. */
export const reportCountQueryOptions = () =>
  queryOptions({
    queryKey: [REPORTS_ROOT, 'count'],
    queryFn: () => apiJson<ReportCount>('GET', '/api/admin/reports/count'),
    refetchInterval: 60_000,
  });

/** The open report count, asked only for a coach. */
export function useReportCount(isAdmin: boolean) {
  return useQuery({ ...reportCountQueryOptions(), enabled: isAdmin });
}

/** GET /api/members/blocked. */
export const blockedMembersQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/members/blocked'],
    queryFn: () => apiJson<BlockedMember[]>('GET', '/api/members/blocked'),
  });

/** POST or DELETE /api/members/:username/block; the room, threads and blocked list are read again. */
export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, block }: { username: string; block: boolean }) => {
      await apiRequest(block ? 'POST' : 'DELETE', `/api/members/${encodeURIComponent(username)}/block`);
    },
    onSuccess: async (_, { block }) => {
      toast({ title: block ? 'Blocked' : 'Unblocked' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: blockedMembersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/chat/community'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/discussions'] }),
      ]);
    },
    onError: (error, { block }) =>
      toast({
        title: block ? 'Could not block' : 'Could not unblock',
        description: serverErrorMessage(error) ?? 'Try again',
        variant: 'destructive',
      }),
  });
}
