import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatReadPosition } from '@common/contracts/chat-reads';
import { apiJson, readQueryResponse } from '../../../lib/api-client';

const READ_URL = '/api/chat/community/read';

/** GET /api/chat/community/read: where the member stopped reading, and what is unread after it. */
export function chatReadQueryOptions() {
  return queryOptions({
    queryKey: [READ_URL] as const,
    queryFn: async ({ signal }) =>
      (await readQueryResponse<ChatReadPosition>(
        await fetch(READ_URL, { credentials: 'include', signal, cache: 'no-store' }),
        'throw',
      ))!,
    // Read as the chat opens, every time: it is the position at that moment the divider shows.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useChatReadPosition() {
  return useQuery({ ...chatReadQueryOptions(), refetchOnMount: 'always' });
}

/** PUT /api/chat/community/read: the newest message the member has now read (only ever forward). */
export function putChatRead(lastReadId: number): Promise<ChatReadPosition> {
  return apiJson<ChatReadPosition>('PUT', READ_URL, { lastReadId });
}
