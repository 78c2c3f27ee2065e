import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { apiJson } from '../../../lib/api-client';
import { withMessage, type DiscussionThread } from '../discussion-thread';
import { discussionMessagesQueryOptions } from './get-discussion-messages';

/**
 * POST /api/discussions/{thinkTank}/{topic}/{lesson} `{ text }` → 201 with the message. 400 blank or over
 * 2,000 characters, 404 outside the curriculum.
 */
export function postDiscussionMessage(
  { thinkTank, topic, lesson }: DiscussionThread,
  text: string,
): Promise<DiscussionMessage> {
  return apiJson<DiscussionMessage>('POST', `/api/discussions/${thinkTank}/${topic}/${lesson}`, { text });
}

/** Posts to the thread; the answer goes into the list at once, without waiting for the next poll. */
export function usePostDiscussionMessage(thread: DiscussionThread) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postDiscussionMessage(thread, text),
    onSuccess: async (message) => {
      const { queryKey } = discussionMessagesQueryOptions(thread);
      // A poll that left before the post would answer without it: cancelled, so it cannot.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<DiscussionMessage[]>(queryKey, (held) => withMessage(held, message));
    },
  });
}
