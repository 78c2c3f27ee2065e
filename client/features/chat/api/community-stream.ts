import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ChatMessage } from '@common/contracts/chat';
import type { MemberCountResponse } from '@common/contracts/auth';
import {
  MEMBERS_EVENT,
  MESSAGE_DELETED_EVENT,
  MESSAGE_EDITED_EVENT,
  SESSION_ENDED_EVENT,
} from '@common/contracts/chat-stream';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { setMemberCount } from '../../../lib/member-count';
import {
  addMessagesToRoom,
  communityMessagesQueryOptions,
  removeMessageFromRoom,
} from './get-community-messages';
import { replaceMessageInRoom } from './change-community-message';

export type StreamState = 'off' | 'connecting' | 'open' | 'down';

const STREAM_URL = '/api/chat/community/stream';
const RETRY_MIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;

/**
 * GET /api/chat/community/stream: Server-Sent Events, one `message` event per new message (`id:` the
 * message id, `data:` its JSON), a `message-deleted` event when one is taken back, `message-edited` with
 * a message its author edited, a `members` event with the member count when it opens and when it
 * changes, comment heartbeats. The browser reconnects by itself after a dropped
 * connection, sending Last-Event-ID so nothing is missed; when the server refused the stream outright
 * (EventSource gave up), this opens a fresh one later, with a growing delay. When the server says
 * the session ended (logout, password reset, expiry), it closes for good and calls `onSessionEnded`.
 * Returns the closer.
 */
export function openCommunityStream(handlers: {
  onMessages: (messages: ChatMessage[]) => void;
  onMessageDeleted: (id: number) => void;
  /** A message its author edited (decision 53), as it now is. */
  onMessageEdited?: (message: ChatMessage) => void;
  onMemberCount: (count: number) => void;
  onState: (state: Exclude<StreamState, 'off'>) => void;
  onSessionEnded: () => void;
}): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_MIN_MS;
  let closed = false;

  const connect = () => {
    handlers.onState('connecting');
    source = new EventSource(STREAM_URL, { withCredentials: true });
    source.onopen = () => {
      retryMs = RETRY_MIN_MS;
      handlers.onState('open');
    };
    source.onmessage = (event: MessageEvent<string>) => {
      try {
        handlers.onMessages([JSON.parse(event.data) as ChatMessage]);
      } catch (error) {
        console.error('Unreadable chat stream event', error);
      }
    };
    source.addEventListener(MEMBERS_EVENT, (event: MessageEvent<string>) => {
      try {
        handlers.onMemberCount((JSON.parse(event.data) as MemberCountResponse).count);
      } catch (error) {
        console.error('Unreadable member count event', error);
      }
    });
    source.addEventListener(MESSAGE_DELETED_EVENT, (event: MessageEvent<string>) => {
      try {
        handlers.onMessageDeleted((JSON.parse(event.data) as { id: number }).id);
      } catch (error) {
        console.error('Unreadable message-deleted event', error);
      }
    });
    source.addEventListener(MESSAGE_EDITED_EVENT, (event: MessageEvent<string>) => {
      try {
        handlers.onMessageEdited?.(JSON.parse(event.data) as ChatMessage);
      } catch (error) {
        console.error('Unreadable message-edited event', error);
      }
    });
    source.addEventListener(SESSION_ENDED_EVENT, () => {
      closed = true;
      source?.close();
      handlers.onState('down');
      handlers.onSessionEnded();
    });
    source.onerror = () => {
      handlers.onState('down');
      if (source?.readyState !== EventSource.CLOSED || closed) return;
      retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
  };
  connect();

  return () => {
    closed = true;
    clearTimeout(retryTimer);
    source?.close();
  };
}

/**
 * Keeps the live stream open while `enabled`, merging what it delivers into the room. Each time it
 * (re)opens, one catch-up fetch asks for anything sent while it was closed.
 */
export function useCommunityStream(enabled: boolean): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<Exclude<StreamState, 'off'>>('connecting');

  useEffect(() => {
    if (!enabled) return;
    const queryKey = communityMessagesQueryOptions().queryKey;
    return openCommunityStream({
      onMessages: (messages) => addMessagesToRoom(queryClient, messages),
      onMessageDeleted: (id) => removeMessageFromRoom(queryClient, id),
      onMessageEdited: (message) => replaceMessageInRoom(queryClient, message),
      // The home page's member count, live (issue 15).
      onMemberCount: (count) => setMemberCount(queryClient, count),
      // Signed out elsewhere: ask who is signed in, which turns the page into the visitor's.
      onSessionEnded: () => void queryClient.invalidateQueries(currentUserQueryOptions()),
      onState: (next) => {
        setState(next);
        if (next === 'open' && queryClient.getQueryData(queryKey)) {
          void queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: false });
        }
      },
    });
  }, [enabled, queryClient]);

  return enabled ? state : 'off';
}
