import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { apiJson } from '../../../lib/api-client';
import type { DiscussionThread } from '../discussion-thread';
import { discussionMessagesQueryOptions } from './get-discussion-messages';

const messageUrl = ({ thinkTank, topic, lesson }: DiscussionThread, id: number) =>
  `/api/discussions/${thinkTank}/${topic}/${lesson}/messages/${id}`;

/** PATCH …/messages/{id} `{text}` → the message as it now is (its author only; decision 53). */
export function editDiscussionMessage(thread: DiscussionThread, id: number, text: string) {
  return apiJson<DiscussionMessage>('PATCH', messageUrl(thread, id), { text });
}

/** DELETE …/messages/{id}, `?reason=` when a coach removes someone else's (decision 53) → `{ ok: true }`. */
export function deleteDiscussionMessage(thread: DiscussionThread, id: number, reason?: string) {
  const query = reason ? `?reason=${encodeURIComponent(reason)}` : '';
  return apiJson<{ ok: true }>('DELETE', `${messageUrl(thread, id)}${query}`);
}

/** Edit and delete, each changing the thread held here at once (other readers see it at their next poll). */
export function useChangeDiscussionMessage(thread: DiscussionThread) {
  const queryClient = useQueryClient();
  const { queryKey } = discussionMessagesQueryOptions(thread);
  const edit = useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => editDiscussionMessage(thread, id, text),
    onSuccess: async (message) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<DiscussionMessage[]>(queryKey, (held) =>
        held?.map((m) => (m.id === message.id ? message : m)),
      );
    },
  });
  const remove = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      deleteDiscussionMessage(thread, id, reason),
    onSuccess: async (_ok, { id }) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<DiscussionMessage[]>(queryKey, (held) => held?.filter((m) => m.id !== id));
    },
  });
  return { edit, remove };
}
