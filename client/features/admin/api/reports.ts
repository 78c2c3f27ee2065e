import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportedTarget, ResolveReportBody } from '@common/contracts/reports';
import { apiJson } from '../../../lib/api-client';
import { serverErrorMessage } from '../../../lib/api-error';
import { REPORTS_ROOT } from '../../../lib/reports';
import { toast } from '../../../lib/toast';

/** GET /api/admin/reports: the open reports grouped by what was reported (decision 55). */
export const reportQueueQueryOptions = () =>
  queryOptions({
    queryKey: [REPORTS_ROOT],
    queryFn: () => apiJson<ReportedTarget[]>('GET', REPORTS_ROOT),
  });

export const useReportQueue = () => useQuery(reportQueueQueryOptions());

const DONE: Record<ResolveReportBody['action'], string> = {
  dismiss: 'Reports dismissed',
  delete: 'Message deleted',
  suspend: 'Member suspended',
};

/** POST /api/admin/reports/:target/resolve; the queue, its count and the chat are read again. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: string; body: ResolveReportBody }) =>
      apiJson<{ resolved: number }>('POST', `${REPORTS_ROOT}/${encodeURIComponent(target)}/resolve`, body),
    onSuccess: async (_, { body }) => {
      toast({ title: DONE[body.action] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [REPORTS_ROOT] }),
        queryClient.invalidateQueries({ queryKey: ['/api/chat/community'] }),
      ]);
    },
    onError: (error) =>
      toast({
        title: 'Could not resolve',
        description: serverErrorMessage(error) ?? 'Try again',
        variant: 'destructive',
      }),
  });
}
