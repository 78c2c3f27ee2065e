import { QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_MS } from '@common/constants';
import { getQueryFn } from './api-client';
import { errorStatus } from './api-error';
import { currentUserQueryOptions } from './current-user';

/**
 * The query client SPEC §7 describes: fresh for 5 minutes, no retries, no refetch on focus, no polling.
 * A 401 on any other query means the session ended (logout elsewhere, an admin's password reset): the
 * current user is asked again, so members-only pages send the visitor home.
 */
export function createQueryClient(): QueryClient {
  const currentUserKey = currentUserQueryOptions().queryKey;
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (errorStatus(error) !== 401 || query.queryKey[0] === currentUserKey[0]) return;
        void client.invalidateQueries({ queryKey: currentUserKey });
      },
    }),
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
  return client;
}

export const queryClient = createQueryClient();
