import { queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * How often an open discussion is asked for again: within 2 s every reader sees a message posted,
 * edited or removed (decision 53), as the whole thread is read each time.
 */
export const DISCUSSION_POLL_MS = 1_500;

/** A discussion, asked for again every 1.5 s while it is shown, and at once whenever it is opened. */
export function useDiscussionMessages(thread: DiscussionThread) {
  return useQuery({
    ...discussionMessagesQueryOptions(thread),
    refetchInterval: DISCUSSION_POLL_MS,
    refetchOnMount: 'always',
  });
}
