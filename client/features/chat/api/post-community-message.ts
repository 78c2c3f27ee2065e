import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, PostChatMessageBody } from '@common/contracts/chat';
import { apiJson } from '../../../lib/api-client';
import { addMessagesToRoom } from './get-community-messages';

/**
 * POST /api/chat/community `{ content, messageType }` → 201 with the message. 400 blank, too long, a
 * wrong type or a media URL that is not the member's own upload; 429 over 20 messages in 10 s.
 */
export function postCommunityMessage(body: PostChatMessageBody): Promise<ChatMessage> {
  return apiJson<ChatMessage>('POST', '/api/chat/community', body);
}

/** Posts a message; the answer goes into the room at once, without waiting for the stream or a poll. */
export function usePostCommunityMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCommunityMessage,
    onSuccess: (message) => addMessagesToRoom(queryClient, [message]),
  });
}
