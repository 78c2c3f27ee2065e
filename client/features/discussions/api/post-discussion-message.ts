import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { apiJson } from '../../../lib/api-client';
import { ATTEMPTS_QUERY_ROOT } from '../../../lib/attempt-queries';
import { withMessage, type DiscussionThread } from '../discussion-thread';
import { discussionMessagesQueryOptions } from './get-discussion-messages';

/**
 * A message to post: its text and, optionally, the time in the lesson video it points at and the
 * message of the thread it replies to (decision 57).
 */
export type NewDiscussionMessage = { text: string; videoSeconds?: number; replyToId?: number };

/**
 * POST /api/discussions/{thinkTank}/{topic}/{lesson} `{ text, videoSeconds?, replyToId? }` → 201 with the
 * message. 400 blank or over 2,000 characters, a time without a video or past its end, or a reply to a
 * message not in the thread; 404 outside the curriculum.
 */
export function postDiscussionMessage(
  { thinkTank, topic, lesson }: DiscussionThread,
  message: NewDiscussionMessage,
): Promise<DiscussionMessage> {
  return apiJson<DiscussionMessage>('POST', `/api/discussions/${thinkTank}/${topic}/${lesson}`, message);
}

/**
 * Posts to the thread; the answer goes into the list at once, without waiting for the next poll. The
 * admins' review of attempts is read again (an inactive query is only marked stale).
 */
export function usePostDiscussionMessage(thread: DiscussionThread) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: NewDiscussionMessage) => postDiscussionMessage(thread, message),
    onSuccess: async (message) => {
      const { queryKey } = discussionMessagesQueryOptions(thread);
      // A poll that left before the post would answer without it: cancelled, so it cannot.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<DiscussionMessage[]>(queryKey, (held) => withMessage(held, message));
      // A coach's reply changes 'Awaiting reply' in the lesson's attempts and the review list (issues 18, 30).
      void queryClient.invalidateQueries({ queryKey: ATTEMPTS_QUERY_ROOT });
    },
  });
}
