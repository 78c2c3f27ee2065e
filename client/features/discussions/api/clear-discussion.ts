import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { apiJson } from '../../../lib/api-client';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import type { DiscussionThread } from '../discussion-thread';
import { discussionMessagesQueryOptions } from './get-discussion-messages';

/** DELETE /api/discussions/{thinkTank}/{topic}/{lesson} (admins) → `{ ok: true }`; 403 for members. */
export function clearDiscussion({ thinkTank, topic, lesson }: DiscussionThread): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('DELETE', `/api/discussions/${thinkTank}/${topic}/${lesson}`);
}

/** An admin's Clear: the thread is removed for everyone, and emptied here at once. */
export function useClearDiscussion(thread: DiscussionThread) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearDiscussion(thread),
    onSuccess: async () => {
      const { queryKey } = discussionMessagesQueryOptions(thread);
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<DiscussionMessage[]>(queryKey, []);
      toast({ title: 'Chat Cleared', description: 'All messages have been removed.' });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverErrorMessage(error) ?? 'Failed to clear messages',
        variant: 'destructive',
      });
    },
  });
}
