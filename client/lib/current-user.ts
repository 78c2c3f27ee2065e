import { queryOptions, useQuery, type QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { CurrentUser, UserResponse } from '@common/contracts/auth';
import { getQueryFn, readQueryResponse } from './api-client';
import { takeEarlyCurrentUser } from './early-current-user';

const fetchCurrentUser = getQueryFn<UserResponse>({ on401: 'returnNull' });

/**
 * GET /api/auth/me: `{ user }`, or null when not signed in (401). The first time, the answer to the
 * request the page's entry started early (client/lib/early-current-user.ts), not a second request.
 */
export const getCurrentUser: QueryFunction<UserResponse | null, readonly unknown[]> = async (context) => {
  const early = takeEarlyCurrentUser();
  return early ? readQueryResponse<UserResponse>(await early, 'returnNull') : fetchCurrentUser(context);
};

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

/** Set while a page prerendered for members is shown and /api/auth/me has not answered yet. */
let provisionalMember = false;

/**
 * Starts the app as a member's, provisionally (docs/decisions.md decision 33): the server sent a page
 * prerendered for members only because the request's session was live, so pages the same for every
 * member (MembersOnly) are drawn at once, while /api/auth/me confirms. Its first answer ends this,
 * whatever it says: signed out sends the visitor on as before. Returns a function that ends it sooner
 * (client/prerender.tsx, after each page).
 */
export function startAsProvisionalMember(client: QueryClient): () => void {
  provisionalMember = true;
  const key = currentUserQueryOptions().queryKey;
  const end = () => {
    provisionalMember = false;
    unsubscribe();
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === key[0] && event.query.state.status !== 'pending') end();
  });
  return end;
}

/** Whether the app is drawing a member's page before /api/auth/me has answered (see above). */
export function isProvisionalMember(): boolean {
  return provisionalMember;
}
