import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@common/contracts/chat';
import type { ChatRoom } from '../chat-messages';
import { apiJson, getQueryFn } from '../../../lib/api-client';
import { communityMessagesQueryOptions, removeMessageFromRoom } from './get-community-messages';

/** PATCH /api/chat/community/{id} `{content}` → the message as it now is (its author only; decision 53). */
export function editCommunityMessage(id: number, content: string): Promise<ChatMessage> {
  return apiJson<ChatMessage>('PATCH', `/api/chat/community/${id}`, { content });
}

/**
 * DELETE /api/chat/community/{id}, with `?reason=` when a coach removes someone else's (decision 53)
 * → `{ ok: true }`.
 */
export function deleteCommunityMessage(id: number, reason?: string): Promise<{ ok: true }> {
  const query = reason ? `?reason=${encodeURIComponent(reason)}` : '';
  return apiJson<{ ok: true }>('DELETE', `/api/chat/community/${id}${query}`);
}

/** Puts a message's new state (an edit, from the answer or the stream) in place of the one held. */
export function replaceMessageInRoom(client: QueryClient, message: ChatMessage): void {
  client.setQueryData<ChatRoom>(communityMessagesQueryOptions().queryKey, (room) =>
    room && room.messages.some((m) => m.id === message.id)
      ? { ...room, messages: room.messages.map((m) => (m.id === message.id ? message : m)) }
      : room,
  );
}

export function useEditCommunityMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => editCommunityMessage(id, content),
    onSuccess: (message) => replaceMessageInRoom(queryClient, message),
  });
}

export function useDeleteCommunityMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) => deleteCommunityMessage(id, reason),
    onSuccess: (_ok, { id }) => removeMessageFromRoom(queryClient, id),
  });
}

/**
 * GET /api/chat/community/removed → the member's own messages that coaches removed, with their reasons
 * (decision 53): shown to them alone in the room, as 'Removed by a coach'.
 */
export function removedCommunityMessagesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/chat/community/removed'] as const,
    queryFn: getQueryFn<ChatMessage[]>({ on401: 'throw' }),
  });
}

export function useRemovedCommunityMessages() {
  return useQuery(removedCommunityMessagesQueryOptions());
}
