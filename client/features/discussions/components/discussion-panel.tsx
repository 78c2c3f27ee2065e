import { MessagesSquare } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { formatMinutes } from '@common/text';
import { Card } from '../../../components/ui/card';
import { MessageListStatus } from '../../../components/message-list-status';
import { NewMessageAnnouncer } from '../../../components/new-message-announcer';
import { useCurrentUser } from '../../../lib/current-user';
import { useLiveState } from '../../../lib/live-connection';
import { useNewMessageAnnouncement } from '../../../lib/use-new-message-announcement';
import { cn } from '../../../lib/utils';
import { usePublishVideoMarks, useVideoClock, type VideoMark } from '../../../lib/video-clock';
import { useDiscussionMessages } from '../api/get-discussion-messages';
import type { DiscussionThread } from '../discussion-thread';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { useFollowEnd } from '../use-follow-end';
import { useDiscussionTarget } from '../use-discussion-target';
import { ClearDiscussionButton } from './clear-discussion-button';
import { DiscussionComposer } from './discussion-composer';
import { SkipToMessageBox } from '../../../components/skip-to-message-box';
import { DiscussionMessageItem } from './discussion-message-item';

const describeMessage = (m: DiscussionMessage) =>
  `${m.user.name}${m.videoSeconds === null ? '' : ` at ${formatMinutes(m.videoSeconds)}`}: ${m.text}`;

/** The timed messages, for marks on the video's timeline (decision 37). */
const marksOf = (messages: readonly DiscussionMessage[] | undefined): VideoMark[] =>
  (messages ?? []).flatMap((m) =>
    m.videoSeconds === null ? [] : [{ id: m.id, seconds: m.videoSeconds, author: m.user.name }],
  );

/**
 * A saved discussion (docs/decisions.md decision 5), 640px high: the thread's messages, kept current by
 * the tab's live connection (decision 58; polled every 1.5 s only while it is down), and the input;
 * admins also get Clear. Used on the lesson, spiritual and physiological pages.
 */
export function DiscussionPanel({
  thread,
  title = 'Discussion',
  className,
}: {
  thread: DiscussionThread;
  title?: string;
  className?: string;
}) {
  const titleId = useId();
  const { user } = useCurrentUser();
  const discussion = useDiscussionMessages(thread);
  // Whether the tab's live connection delivers this thread (decision 58): polled only while not.
  const live = useLiveState();
  const messages = discussion.data;
  const follow = useFollowEnd(messages?.at(-1)?.id);
  const announcement = useNewMessageAnnouncement(messages, user?.username, describeMessage);
  const clock = useVideoClock();
  // The message being replied to (decision 57), quoted above the composer until sent or cancelled.
  const [replyTo, setReplyTo] = useState<DiscussionMessage | null>(null);
  const reply = useCallback((message: DiscussionMessage) => setReplyTo(message), []);
  usePublishVideoMarks(
    clock,
    useMemo(() => marksOf(messages), [messages]),
  );
  // The message a notification led to (decision 59).
  useDiscussionTarget(follow.viewportRef, messages, clock);

  return (
    <Card
      aria-labelledby={titleId}
      data-live={live}
      className={cn('relative flex h-[640px] flex-col overflow-hidden', className)}
    >
      <header className="flex shrink-0 items-center gap-3 border-b px-4 py-3 sm:px-5">
        <span className="grid size-9 place-items-center rounded-lg bg-primary/15 text-brand">
          <MessagesSquare aria-hidden="true" className="size-5" />
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-lg font-black uppercase tracking-wide">
          {title}
        </h2>
        {user?.isAdmin ? (
          <ClearDiscussionButton thread={thread} disabled={!messages || messages.length === 0} />
        ) : null}
      </header>
      {/* Shown below the header. */}
      <SkipToMessageBox className="focus:top-[4.5rem]" />
      <div
        ref={follow.viewportRef}
        onScroll={follow.onScroll}
        role="log"
        aria-label={`${title} messages`}
        // Not live: the relative times tick; the status below reads out new messages only.
        aria-live="off"
        aria-busy={discussion.isPending}
        className="min-h-0 flex-1 scroll-py-3 overflow-y-auto overscroll-contain px-2 py-3 sm:px-3"
      >
        <MessageListStatus
          loading={discussion.isPending}
          failed={discussion.isError && !messages}
          empty={messages?.length === 0}
          onRetry={() => void discussion.refetch()}
        />
        {messages && messages.length > 0 ? (
          <ol className="grid gap-1">
            {messages.map((message) => (
              <DiscussionMessageItem
                key={message.id}
                message={message}
                mine={message.user.username === user?.username}
                coach={user?.isAdmin ?? false}
                thread={thread}
                onReply={reply}
              />
            ))}
          </ol>
        ) : null}
      </div>
      <NewMessageAnnouncer announcement={announcement} />
      <DiscussionComposer
        thread={thread}
        onSending={follow.scrollToEnd}
        replyTo={replyTo}
        onReplyChange={setReplyTo}
      />
    </Card>
  );
}
