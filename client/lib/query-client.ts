import { QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_MS } from '@common/constants';
import { getQueryFn } from './api-client';

/** The query client SPEC §7 describes: fresh for 5 minutes, no retries, no refetch on focus, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: QUERY_STALE_MS,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
