import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { DiscussionMessage } from '@common/contracts/lessons';
import type {
  DiscussionDeletedEvent,
  DiscussionMessageEvent,
  DiscussionThreadEvent,
} from '@common/contracts/live';
import {
  DISCUSSION_CHANGED_EVENT,
  DISCUSSION_CLEARED_EVENT,
  DISCUSSION_MESSAGE_DELETED_EVENT,
  DISCUSSION_MESSAGE_EDITED_EVENT,
  DISCUSSION_MESSAGE_EVENT,
  threadKeyOf,
} from '@common/contracts/live-values';
import { getQueryFn } from '../../../lib/api-client';
import { DISCUSSIONS_QUERY_ROOT } from '../../../lib/discussion-queries';
import { useLiveEvent, useLiveState, useLiveTopics } from '../../../lib/live-connection';
import { withMessage, type DiscussionThread } from '../discussion-thread';

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
 * How often an open discussion is asked for again while the live connection is down: within 2 s every
 * reader sees a message posted, edited or removed (decision 53), as the whole thread is read each time.
 */
export const DISCUSSION_POLL_MS = 1_500;

/**
 * Changes the thread held for `thread` (a live event's), when it is held. A read under way may have
 * been answered before the change and would put it back as it was: it is made again.
 */
function changeThread(
  queryClient: QueryClient,
  thread: DiscussionThread,
  change: (held: DiscussionMessage[]) => DiscussionMessage[],
) {
  const { queryKey } = discussionMessagesQueryOptions(thread);
  queryClient.setQueryData<DiscussionMessage[]>(queryKey, (held) => (held ? change(held) : held));
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}

/**
 * A discussion while it is shown: read at once whenever it is opened, then kept current by the tab's live
 * connection (decision 58), its events merged into the thread held; asked for again every 1.5 s only
 * while that connection is not open, and once each time it (re)opens, for what it missed meanwhile.
 */
export function useDiscussionMessages(thread: DiscussionThread) {
  const queryClient = useQueryClient();
  useLiveTopics({ discussion: thread });
  const live = useLiveState();
  const key = threadKeyOf(thread);
  const mine = (t: DiscussionThread) => threadKeyOf(t) === key;

  useLiveEvent(DISCUSSION_MESSAGE_EVENT, (data) => {
    const { thread: t, message } = data as DiscussionMessageEvent;
    if (mine(t)) changeThread(queryClient, t, (held) => withMessage(held, message));
  });
  useLiveEvent(DISCUSSION_MESSAGE_EDITED_EVENT, (data) => {
    const { thread: t, message } = data as DiscussionMessageEvent;
    if (!mine(t)) return;
    changeThread(queryClient, t, (held) =>
      held.some((m) => m.id === message.id)
        ? held.map((m) => (m.id === message.id ? message : m))
        : withMessage(held, message),
    );
  });
  useLiveEvent(DISCUSSION_MESSAGE_DELETED_EVENT, (data) => {
    const { thread: t, id } = data as DiscussionDeletedEvent;
    if (mine(t)) changeThread(queryClient, t, (held) => held.filter((m) => m.id !== id));
  });
  useLiveEvent(DISCUSSION_CLEARED_EVENT, (data) => {
    const { thread: t } = data as DiscussionThreadEvent;
    if (mine(t)) changeThread(queryClient, t, () => []);
  });
  useLiveEvent(DISCUSSION_CHANGED_EVENT, (data) => {
    const { thread: t } = data as DiscussionThreadEvent;
    if (mine(t)) void queryClient.invalidateQueries(discussionMessagesQueryOptions(t));
  });

  const query = useQuery({
    ...discussionMessagesQueryOptions(thread),
    refetchInterval: live === 'open' ? false : DISCUSSION_POLL_MS,
    refetchOnMount: 'always',
  });

  // Each (re)opening after the first read: one read for what was missed while it was not open.
  const previous = useRef(live);
  useEffect(() => {
    const was = previous.current;
    previous.current = live;
    if (live !== 'open' || was === 'open') return;
    const { queryKey } = discussionMessagesQueryOptions(thread);
    if (queryClient.getQueryData(queryKey) && !queryClient.isFetching({ queryKey })) {
      void queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: false });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the thread is `key`
  }, [live, key, queryClient]);

  return query;
}
