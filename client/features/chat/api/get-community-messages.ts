import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { CHAT_PAGE_SIZE } from '@common/constants';
import type { ChatMessage } from '@common/contracts/chat';
import { throwIfResNotOk } from '../../../lib/api-client';
import { COMMUNITY_MESSAGES_URL, takeEarlyCommunityMessages } from '../../../lib/early-community-messages';
import { mergeMessages, newestId, type ChatRoom } from '../chat-messages';

export type MessagesCursor = { after: number } | { before: number } | Record<string, never>;

// The last ETag per URL: a poll that asks the same thing again is answered 304 when nothing changed.
const etags = new Map<string, string>();
const MAX_ETAGS = 8;

/**
 * GET /api/chat/community → the newest 100 messages, oldest first; with `after` only the newer ones,
 * with `before` the 100 before that id (none left: an empty list). Sends the URL's last ETag and gives
 * null on 304 (unchanged). 401 when not signed in, as an ApiError.
 */
export async function getCommunityMessages(
  cursor: MessagesCursor = {},
  signal?: AbortSignal,
): Promise<ChatMessage[] | null> {
  const params = new URLSearchParams();
  if ('after' in cursor) params.set('after', String(cursor.after));
  if ('before' in cursor) params.set('before', String(cursor.before));
  const query = params.toString();
  const url = `${COMMUNITY_MESSAGES_URL}${query ? `?${query}` : ''}`;
  const etag = etags.get(url);
  // The newest page may have been asked already by the page's entry (decision 77).
  const early = query ? undefined : takeEarlyCommunityMessages();
  const res = await (early ??
    fetch(url, {
      credentials: 'include',
      // The ETag is handled here, so the HTTP cache is kept out of it.
      cache: 'no-store',
      headers: etag ? { 'If-None-Match': etag } : undefined,
      signal,
    }));
  if (res.status === 304) return null;
  await throwIfResNotOk(res);
  const next = res.headers.get('ETag');
  etags.delete(url);
  if (next) {
    etags.set(url, next);
    if (etags.size > MAX_ETAGS) etags.delete(etags.keys().next().value!);
  }
  return (await res.json()) as ChatMessage[];
}

const queryKey = ['/api/chat/community'] as const;

/** The room held, updated in the cache with messages from anywhere (poll, stream, own post). */
export function addMessagesToRoom(client: QueryClient, incoming: readonly ChatMessage[]): void {
  client.setQueryData<ChatRoom>(queryKey, (room) =>
    room ? withMessages(room, mergeMessages(room.messages, incoming)) : room,
  );
}

/** Drops a message taken back (an attempt deleted) from the room, if it is held. */
export function removeMessageFromRoom(client: QueryClient, id: number): void {
  client.setQueryData<ChatRoom>(queryKey, (room) =>
    room
      ? withMessages(
          room,
          room.messages.some((m) => m.id === id) ? room.messages.filter((m) => m.id !== id) : room.messages,
        )
      : room,
  );
}

function withMessages(room: ChatRoom, messages: ChatMessage[]): ChatRoom {
  return messages === room.messages ? room : { ...room, messages };
}

/**
 * The community room. The first fetch loads the newest page; every later one (a poll, a catch-up when
 * the stream opens) asks only for the messages after the newest held and merges them in.
 */
export function communityMessagesQueryOptions() {
  return queryOptions({
    queryKey,
    queryFn: async ({ client, signal }): Promise<ChatRoom> => {
      const held = client.getQueryData<ChatRoom>(queryKey);
      const after = held ? newestId(held.messages) : undefined;
      if (!held || after === undefined) {
        const page = await getCommunityMessages({}, signal);
        // Re-read: the stream may have added messages while this was on its way.
        const latest = client.getQueryData<ChatRoom>(queryKey) ?? held;
        if (page === null) return latest ?? { messages: [], hasOlder: false };
        return {
          messages: mergeMessages(latest?.messages ?? [], page),
          hasOlder: latest?.hasOlder ?? page.length >= CHAT_PAGE_SIZE,
        };
      }
      const newer = await getCommunityMessages({ after }, signal);
      const latest = client.getQueryData<ChatRoom>(queryKey) ?? held;
      return newer === null ? latest : withMessages(latest, mergeMessages(latest.messages, newer));
    },
  });
}

/** Loads the page before the oldest message held into the room; resolves to whether more remain. */
export async function loadOlderMessages(client: QueryClient): Promise<boolean> {
  const room = client.getQueryData<ChatRoom>(queryKey);
  const before = room?.messages[0]?.id;
  if (!room || before === undefined || !room.hasOlder) return false;
  const page = (await getCommunityMessages({ before })) ?? [];
  const hasOlder = page.length >= CHAT_PAGE_SIZE;
  client.setQueryData<ChatRoom>(queryKey, (current) =>
    current ? { messages: mergeMessages(current.messages, page), hasOlder } : current,
  );
  return hasOlder;
}

/** The community room, polled every `pollMs` (false: not polled). */
export function useCommunityMessages({ enabled, pollMs }: { enabled: boolean; pollMs: number | false }) {
  return useQuery({ ...communityMessagesQueryOptions(), enabled, refetchInterval: pollMs });
}
