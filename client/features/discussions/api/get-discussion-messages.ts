import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHAT_POLL_MS } from '@common/constants';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { getQueryFn } from '../../../lib/api-client';
import { DISCUSSIONS_QUERY_ROOT } from '../../../lib/discussion-queries';
import type { DiscussionThread } from '../discussion-thread';

/**
 * GET /api/discussions/{thinkTank}/{topic}/{lesson} → the thread's messages, oldest first; 404 outside
 * the curriculum, 401 when not signed in. The slugs come from the curriculum, so the joined query key is
 * the URL.
 */
export const getDiscussionMessages = getQueryFn<DiscussionMessage[]>({ on401: 'throw' });

export function discussionMessagesQueryOptions({ thinkTank, topic, lesson }: DiscussionThread) {
  return queryOptions({
    queryKey: [...DISCUSSIONS_QUERY_ROOT, thinkTank, topic, lesson] as const,
    queryFn: getDiscussionMessages,
  });
}

/** A discussion, asked for again every 3 s while it is shown, and at once whenever it is opened. */
export function useDiscussionMessages(thread: DiscussionThread) {
  return useQuery({
    ...discussionMessagesQueryOptions(thread),
    refetchInterval: CHAT_POLL_MS,
    refetchOnMount: 'always',
  });
}
