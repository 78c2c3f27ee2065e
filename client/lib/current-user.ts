import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser, UserResponse } from '@common/contracts/auth';
import { getQueryFn } from './api-client';

/** GET /api/auth/me: `{ user }`, or null when not signed in (401). */
export const getCurrentUser = getQueryFn<UserResponse>({ on401: 'returnNull' });

/** The current-user query; mutations that change who is signed in update it through this key. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: ['/api/auth/me'] as const,
    queryFn: getCurrentUser,
    retry: false,
  });
}

export interface CurrentUserState {
  /** The signed-in member, or null (not signed in, or not known yet). */
  user: CurrentUser | null;
  /** True until /api/auth/me has answered once. */
  isPending: boolean;
}

/** The signed-in member as /api/auth/me last answered. */
export function useCurrentUser(): CurrentUserState {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data?.user ?? null, isPending: query.isPending };
}

/**
 * Starts the cache as a visitor's: what the prerendered home page shows (client/prerender.tsx), so
 * hydration draws the same. Stored as stale, so /api/auth/me is still asked once the page runs.
 */
export function seedSignedOut(client: QueryClient): void {
  client.setQueryData(currentUserQueryOptions().queryKey, null, { updatedAt: 0 });
}
