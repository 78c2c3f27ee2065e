import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Fragment, useCallback, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { messageTargetFromSearch } from '@common/notification-links';
import { CHAT_POLL_MS } from '@common/constants';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { MessageListStatus } from '../../../components/message-list-status';
import { loadOlderMessages, useCommunityMessages } from '../api/get-community-messages';
import { useCommunityStream } from '../api/community-stream';
import { chatTransportSettings } from '../chat-settings';
import { continuesRun, mergeMessages } from '../chat-messages';
import { useRemovedCommunityMessages } from '../api/change-community-message';
import { useCurrentUser } from '../../../lib/current-user';
import { useChatScroll } from '../use-chat-scroll';
import { useChatUnread } from '../use-chat-unread';
import { useChatTarget } from '../use-chat-target';
import { FIRST_DRAWN, useDrawnMessages } from '../use-drawn-messages';
import { useNewMessageAnnouncement } from '../../../lib/use-new-message-announcement';
import { NewMessageAnnouncer } from '../../../components/new-message-announcer';
import { announcementOf } from '../chat-announcement';
import { ChatComposer } from './chat-composer';
import { ChatMessageItem } from './chat-message-item';
import { PanelHeader } from './chat-panel-header';
import { SkipToMessageBox } from '../../../components/skip-to-message-box';

/** The member's view of the room: the messages, kept current, and the input. */
export function CommunityRoom({ username }: { username: string }) {
  const queryClient = useQueryClient();
  const settings = chatTransportSettings();
  const stream = useCommunityStream(settings.stream);
  // Polling is the fallback: off while the stream is open (docs/decisions.md decision 6).
  const pollMs = settings.polling && stream !== 'open' ? CHAT_POLL_MS : false;
  const room = useCommunityMessages({ enabled: true, pollMs });
  const held = room.data?.messages;
  // The member's own messages a coach removed show among the rest, to them alone (decision 53).
  const removed = useRemovedCommunityMessages().data;
  const messages = useMemo(() => {
    if (!held) return held;
    // Those within the stretch of the room held (all of them when it holds the room's start).
    const oldest = room.data?.hasOlder ? held[0]?.id : undefined;
    const shown = (removed ?? []).filter((m) => oldest === undefined || m.id > oldest);
    return shown.length > 0 ? mergeMessages(held, shown) : held;
  }, [held, removed, room.data?.hasOlder]);
  const coach = useCurrentUser().user?.isAdmin ?? false;
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadingOlderRef = useRef(false);

  const viewportRef = useRef<HTMLDivElement>(null);
  // The list's scroll settles its commits before the unread divider's place is read (useChatScroll).
  const settleScroll = useRef<(() => void) | null>(null);
  // Where the member stopped reading, and the message a notification led to (decision 59).
  const unread = useChatUnread({
    viewportRef,
    messages,
    username,
    hasOlder: room.data?.hasOlder ?? false,
    settleScroll,
  });
  useChatTarget(viewportRef, messages);
  const target = messageTargetFromSearch(useSearch())?.messageId;
  // The newest first, the older ones held as the member scrolls up to them (decisions 73 and 90).
  const { drawn, allDrawn, drawMore } = useDrawnMessages(messages, [unread.dividerId, target]);

  const loadOlder = useCallback(() => {
    // Towards the top: the messages held come first, then the page before them.
    if (!allDrawn) {
      drawMore();
      return;
    }
    if (loadingOlderRef.current || !room.data?.hasOlder) return;
    loadingOlderRef.current = true;
    setLoadingOlder(true);
    loadOlderMessages(queryClient)
      .catch((error: unknown) => console.error('Could not load older messages', error))
      .finally(() => {
        loadingOlderRef.current = false;
        setLoadingOlder(false);
      });
  }, [queryClient, room.data?.hasOlder, allDrawn, drawMore]);

  const scroll = useChatScroll(drawn ?? [], loadOlder, viewportRef, settleScroll);
  const announcement = useNewMessageAnnouncement(messages, username, announcementOf);
  // What a reply answers, when the room holds it (issue 30).
  const byId = useMemo(() => new Map((messages ?? []).map((m) => [m.id, m])), [messages]);

  return (
    <>
      <PanelHeader stream={stream} />
      <div className="relative min-h-0 flex-1" data-stream={stream}>
        <SkipToMessageBox />
        <div
          ref={scroll.viewportRef}
          onScroll={() => {
            scroll.onScroll();
            unread.onScroll();
          }}
          role="log"
          aria-label="Community messages"
          // Not live: the relative times tick and older pages come in above; the status below reads
          // out new messages only.
          aria-live="off"
          aria-busy={room.isPending}
          className="h-full scroll-py-3 overflow-y-auto overscroll-contain px-2 py-3 [overflow-anchor:none] sm:px-3"
        >
          {room.data?.hasOlder || !allDrawn ? (
            <div className="grid h-8 place-items-center">
              {loadingOlder ? <Spinner label="Loading older messages" className="[&_svg]:size-4" /> : null}
            </div>
          ) : null}
          {/* A block list, not a grid: the messages drawn later go in above (decision 73), and a grid
              lays all its rows out again for each one. */}
          <ol ref={scroll.contentRef}>
            {drawn?.map((message, i) => (
              <Fragment key={message.id}>
                {message.id === unread.dividerId ? <UnreadDivider label={unread.dividerLabel} /> : null}
                <ChatMessageItem
                  message={message}
                  continued={message.id !== unread.dividerId && continuesRun(drawn[i - 1], message)}
                  mine={message.user.username === username}
                  coach={coach}
                  repliedTo={message.replyToId === undefined ? undefined : byId.get(message.replyToId)}
                  inView={i >= drawn.length - FIRST_DRAWN}
                />
              </Fragment>
            ))}
          </ol>
          <MessageListStatus
            loading={room.isPending}
            failed={room.isError && !room.data}
            empty={messages?.length === 0}
            onRetry={() => void room.refetch()}
          />
        </div>
        {unread.showJump ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={unread.jump}
            className="absolute left-1/2 top-3 -translate-x-1/2 animate-slide-in rounded-full border shadow-lg shadow-black/30"
          >
            <ArrowUp aria-hidden="true" />
            Jump to first unread
          </Button>
        ) : null}
        {scroll.hasUnseen ? (
          <Button
            size="sm"
            onClick={scroll.scrollToEnd}
            className="absolute bottom-3 left-1/2 -translate-x-1/2 animate-slide-in rounded-full shadow-lg shadow-black/30"
          >
            <ArrowDown aria-hidden="true" />
            New messages
          </Button>
        ) : null}
      </div>
      <NewMessageAnnouncer announcement={announcement} />
      <ChatComposer onSending={scroll.scrollToEnd} />
    </>
  );
}

/**
 * The line above the first message the member had not read when the chat opened (decision 59). Its
 * bottom margin meets the next message's top one in the block list: 16 px between them.
 */
function UnreadDivider({ label }: { label: string }) {
  return (
    <li
      data-unread-divider=""
      tabIndex={-1}
      className="mb-4 mt-2 flex items-center gap-3 text-xs font-bold uppercase tracking-wide text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span aria-hidden="true" className="h-px flex-1 bg-brand/60" />
      {label}
      <span aria-hidden="true" className="h-px flex-1 bg-brand/60" />
    </li>
  );
}
