import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@common/contracts/chat';
import type { MemberCountResponse } from '@common/contracts/auth';
import { MEMBERS_EVENT, MESSAGE_DELETED_EVENT, MESSAGE_EDITED_EVENT } from '@common/contracts/chat-stream';
import { useLiveEvent, useLiveState, useLiveTopics } from '../../../lib/live-connection';
import { setMemberCount } from '../../../lib/member-count';
import {
  addMessagesToRoom,
  communityMessagesQueryOptions,
  removeMessageFromRoom,
} from './get-community-messages';
import { replaceMessageInRoom } from './change-community-message';

export type StreamState = 'off' | 'connecting' | 'open' | 'down';

/**
 * The room, live, through the tab's one live connection (client/lib/live-connection.tsx, decision 58)
 * with the chat among its topics: what GET /api/chat/community/stream sends, on GET /api/live?chat=1 —
 * one `message` event per new message (`id:` the message id, `data:` its JSON), `message-deleted` when
 * one is taken back, `message-edited` with a message its author edited, `members` with the member count
 * when it opens and when it changes. The connection reconnects (with Last-Event-ID, so nothing is
 * missed) and ends with the session; each time it (re)opens, one catch-up fetch asks for anything sent
 * while it was closed. Off when `enabled` is false: the room then only polls.
 */
export function useCommunityStream(enabled: boolean): StreamState {
  const queryClient = useQueryClient();
  useLiveTopics(enabled ? { chat: true } : {});
  const live = useLiveState();
  const state: StreamState = !enabled || live === 'off' ? 'off' : live === 'closed' ? 'down' : live;

  const on =
    <T>(handle: (data: T) => void) =>
    (data: unknown) => {
      if (enabled) handle(data as T);
    };
  useLiveEvent(
    'message',
    on<ChatMessage>((message) => addMessagesToRoom(queryClient, [message])),
  );
  useLiveEvent(
    MESSAGE_DELETED_EVENT,
    on<{ id: number }>(({ id }) => removeMessageFromRoom(queryClient, id)),
  );
  useLiveEvent(
    MESSAGE_EDITED_EVENT,
    on<ChatMessage>((message) => replaceMessageInRoom(queryClient, message)),
  );
  // The home page's member count, live (issue 15).
  useLiveEvent(
    MEMBERS_EVENT,
    on<MemberCountResponse>(({ count }) => setMemberCount(queryClient, count)),
  );

  // Each (re)opening: ask once for what was sent while it was closed.
  const previous = useRef<StreamState>('off');
  useEffect(() => {
    const was = previous.current;
    previous.current = state;
    if (state !== 'open' || was === 'open') return;
    const queryKey = communityMessagesQueryOptions().queryKey;
    if (queryClient.getQueryData(queryKey)) {
      void queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: false });
    }
  }, [state, queryClient]);

  return state;
}
