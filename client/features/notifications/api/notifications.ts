import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  markReadResponse,
  Notification,
  notificationsResponse,
  unreadCountResponse,
} from '@common/contracts/notifications';
import { apiJson, readQueryResponse } from '../../../lib/api-client';

type NotificationsPage = z.infer<typeof notificationsResponse>;
type UnreadCount = z.infer<typeof unreadCountResponse>;
type MarkRead = z.infer<typeof markReadResponse>;

/** Every notification query starts with this key (decision 59). */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const UNREAD_COUNT_KEY = ['notifications', 'unread-count'] as const;
const LIST_KEY = ['notifications', 'list'] as const;

/** How many the bell's popover shows; the page shows them a page of 20 at a time. */
export const RECENT_LIMIT = 8;
const PAGE_LIMIT = 20;

/** GET /api/notifications/unread-count → the member's unread count. */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: async ({ signal }) =>
      (await readQueryResponse<UnreadCount>(
        await fetch('/api/notifications/unread-count', { credentials: 'include', signal, cache: 'no-store' }),
        'throw',
      ))!.count,
    // The live connection keeps it current; it is asked again when the connection opens.
    staleTime: Infinity,
  });
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}

async function getNotifications(limit: number, before: number | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) query.set('before', String(before));
  return (await readQueryResponse<NotificationsPage>(
    await fetch(`/api/notifications?${query.toString()}`, {
      credentials: 'include',
      signal,
      cache: 'no-store',
    }),
    'throw',
  ))!;
}

/** The newest few, for the bell's popover. */
export function recentNotificationsQueryOptions() {
  return queryOptions({
    queryKey: [...LIST_KEY, 'recent'] as const,
    queryFn: ({ signal }) => getNotifications(RECENT_LIMIT, undefined, signal),
    staleTime: 0,
  });
}

export function useRecentNotifications(enabled: boolean) {
  return useQuery({ ...recentNotificationsQueryOptions(), enabled });
}

/** All of them, newest first, a page at a time (`before` the last one's id): the /notifications page. */
export function allNotificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...LIST_KEY, 'all'] as const,
    queryFn: ({ pageParam, signal }) => getNotifications(PAGE_LIMIT, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
  });
}

export function useAllNotifications() {
  return useInfiniteQuery(allNotificationsQueryOptions());
}

type Lists = NotificationsPage | InfiniteData<NotificationsPage, number | undefined>;

function eachList(client: QueryClient, change: (list: Notification[], top: boolean) => Notification[]) {
  client.setQueriesData<Lists>({ queryKey: LIST_KEY }, (held) => {
    if (!held) return held;
    if ('pages' in held)
      return {
        ...held,
        pages: held.pages.map((p, i) => ({ ...p, notifications: change(p.notifications, i === 0) })),
      };
    return { ...held, notifications: change(held.notifications, true) };
  });
}

/** A notification that arrived on the live connection: the count, and at the top of the lists held. */
export function addNotification(client: QueryClient, notification: Notification, unread: number): void {
  client.setQueryData(UNREAD_COUNT_KEY, unread);
  eachList(client, (list, top) =>
    top && !list.some((n) => n.id === notification.id) ? [notification, ...list] : list,
  );
}

/** Marks the given ones (or all) read in the lists held, now: the server's answer follows. */
function markHeld(client: QueryClient, ids: readonly number[] | 'all') {
  const at = new Date().toISOString();
  eachList(client, (list) =>
    list.map((n) => (n.readAt === null && (ids === 'all' || ids.includes(n.id)) ? { ...n, readAt: at } : n)),
  );
}

/** POST /api/notifications/read: the given notifications, or all, read; the count follows the answer. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: number[] } | { all: true }) =>
      apiJson<MarkRead>('POST', '/api/notifications/read', which),
    onMutate: (which) => {
      markHeld(client, 'all' in which ? 'all' : which.ids);
      if ('all' in which) client.setQueryData(UNREAD_COUNT_KEY, 0);
    },
    onSuccess: (answer) => client.setQueryData(UNREAD_COUNT_KEY, answer.count),
    onError: () => void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/** The count changed elsewhere (read in another tab): the count, and the lists asked again. */
export function unreadChanged(client: QueryClient, unread: number): void {
  const held = client.getQueryData<number>(UNREAD_COUNT_KEY);
  client.setQueryData(UNREAD_COUNT_KEY, unread);
  if (held !== unread) void client.invalidateQueries({ queryKey: LIST_KEY });
}
