import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AttemptInboxItem, AttemptsReviewResponse } from '@common/contracts/attempts';
import { apiJson } from '../../../lib/api-client';
import { attemptsReviewQueryOptions } from './get-attempts-review';
import { lessonAttemptsQueryOptions } from './get-lesson-attempts';

/**
 * A coach's reply where it counts as one (issue 30): in the lesson's discussion (POST
 * /api/discussions/{thinkTank}/{topic}/{lesson}), or in the chat as a reply to the attempt's message
 * (POST /api/chat/community with `replyToId`).
 */
export function replyToAttempt({ item, text }: { item: AttemptInboxItem; text: string }): Promise<unknown> {
  if (item.lesson) {
    const { thinkTank, topic, lesson } = item.lesson;
    return apiJson('POST', `/api/discussions/${thinkTank}/${topic}/${lesson}`, { text });
  }
  return apiJson('POST', '/api/chat/community', {
    content: text,
    messageType: 'text',
    replyToId: item.messageId,
  });
}

/** The list without one attempt (and one fewer awaiting). */
function without<D extends InfiniteData<AttemptsReviewResponse, unknown>>(
  data: D | undefined,
  attemptId: string,
): D | undefined {
  if (!data) return data;
  const found = data.pages.some((p) => p.items.some((i) => i.attempt.id === attemptId));
  if (!found) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      items: p.items.filter((i) => i.attempt.id !== attemptId),
      awaiting: Math.max(0, p.awaiting - 1),
    })),
  };
}

/**
 * Sends the reply; the attempt leaves this admin's list at once, and the lists are read again (other
 * admins' lists follow within their poll, decision 50).
 */
export function useReplyToAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToAttempt,
    onSuccess: async (_answer, { item }) => {
      const awaiting = attemptsReviewQueryOptions('awaiting');
      await queryClient.cancelQueries({ queryKey: awaiting.queryKey });
      queryClient.setQueryData(awaiting.queryKey, (data) => without(data, item.attempt.id));
      void queryClient.invalidateQueries({ queryKey: awaiting.queryKey });
      void queryClient.invalidateQueries({ queryKey: attemptsReviewQueryOptions('replied').queryKey });
      if (item.lesson) {
        void queryClient.invalidateQueries({ queryKey: lessonAttemptsQueryOptions(item.lesson).queryKey });
      }
    },
  });
}
