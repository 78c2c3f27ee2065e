import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, Lock, RadioTower } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { CHAT_POLL_MS } from '@common/constants';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { MessageListStatus } from '../../../components/message-list-status';
import { useCurrentUser } from '../../../lib/current-user';
import { loadOlderMessages, useCommunityMessages } from '../api/get-community-messages';
import { useCommunityStream, type StreamState } from '../api/community-stream';
import { chatTransportSettings } from '../chat-settings';
import { continuesRun } from '../chat-messages';
import { useChatScroll } from '../use-chat-scroll';
import { ChatComposer } from './chat-composer';
import { ChatMessageItem } from './chat-message-item';

function PanelHeader({ stream }: { stream?: StreamState }) {
  return (
    <header className="flex shrink-0 items-center gap-3 border-b px-4 py-3 sm:px-5">
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary/15 text-brand sm:size-9">
        <RadioTower aria-hidden="true" className="size-5" />
      </span>
      <h2
        id="community-chat-title"
        className="min-w-0 flex-1 truncate text-base font-black uppercase tracking-wide sm:text-lg"
      >
        Standard Issue Comms
      </h2>
      {stream === 'open' ? (
        <span className="flex items-center gap-1.5 text-xs font-bold uppercase tracking-wider text-emerald-700 dark:text-emerald-400">
          <span aria-hidden="true" className="relative flex size-2">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-500 opacity-60" />
            <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
          </span>
          <span className="sr-only sm:not-sr-only">Live</span>
        </span>
      ) : null}
    </header>
  );
}

/** The member's view of the room: the messages, kept current, and the input. */
function CommunityRoom({ username }: { username: string }) {
  const queryClient = useQueryClient();
  const settings = chatTransportSettings();
  const stream = useCommunityStream(settings.stream);
  // Polling is the fallback: off while the stream is open (DESIGN.md decision 6).
  const pollMs = settings.polling && stream !== 'open' ? CHAT_POLL_MS : false;
  const room = useCommunityMessages({ enabled: true, pollMs });
  const messages = room.data?.messages;
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadingOlderRef = useRef(false);

  const loadOlder = useCallback(() => {
    if (loadingOlderRef.current || !room.data?.hasOlder) return;
    loadingOlderRef.current = true;
    setLoadingOlder(true);
    loadOlderMessages(queryClient)
      .catch((error: unknown) => console.error('Could not load older messages', error))
      .finally(() => {
        loadingOlderRef.current = false;
        setLoadingOlder(false);
      });
  }, [queryClient, room.data?.hasOlder]);

  const scroll = useChatScroll(messages ?? [], loadOlder);

  return (
    <>
      <PanelHeader stream={stream} />
      <div className="relative min-h-0 flex-1" data-stream={stream}>
        <div
          ref={scroll.viewportRef}
          onScroll={scroll.onScroll}
          role="log"
          aria-label="Community messages"
          aria-live="polite"
          aria-busy={room.isPending}
          className="h-full overflow-y-auto overscroll-contain px-2 py-3 [overflow-anchor:none] sm:px-3"
        >
          {room.data?.hasOlder ? (
            <div className="grid h-8 place-items-center">
              {loadingOlder ? <Spinner label="Loading older messages" className="[&_svg]:size-4" /> : null}
            </div>
          ) : null}
          <ol ref={scroll.contentRef} className="grid">
            {messages?.map((message, i) => (
              <ChatMessageItem
                key={message.id}
                message={message}
                continued={continuesRun(messages[i - 1], message)}
                mine={message.user.username === username}
              />
            ))}
          </ol>
          <MessageListStatus
            loading={room.isPending}
            failed={room.isError && !room.data}
            empty={messages?.length === 0}
            onRetry={() => void room.refetch()}
          />
        </div>
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
      <ChatComposer onSending={scroll.scrollToEnd} />
    </>
  );
}

/**
 * The open community chat, 'Standard Issue Comms' (400px high). Members read and send text, photo,
 * video and voice messages, delivered live through the stream with polling as the fallback; visitors
 * are asked to log in.
 */
export function CommunityChatPanel() {
  const { user, isPending } = useCurrentUser();

  return (
    <Card aria-labelledby="community-chat-title" className="flex h-[400px] flex-col overflow-hidden">
      {isPending ? (
        <PanelHeader />
      ) : user ? (
        <CommunityRoom key={user.id} username={user.username} />
      ) : (
        <>
          <PanelHeader />
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
              <Lock aria-hidden="true" className="size-5" />
            </span>
            <p className="font-medium text-muted-foreground">Please log in to view and send messages</p>
          </div>
        </>
      )}
    </Card>
  );
}
