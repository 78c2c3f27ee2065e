import { SendHorizontal } from 'lucide-react';
import { useEffect } from 'react';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { cn } from '../../../lib/utils';
import { ReplyingTo } from './reply-quote';
import { IconButton } from '../../../components/ui/icon-button';
import { useMessageDraft } from '../../../lib/use-message-draft';
import { useVideoClock } from '../../../lib/video-clock';
import { usePostDiscussionMessage } from '../api/post-discussion-message';
import type { DiscussionThread } from '../discussion-thread';
import { MessageInput } from '../../../components/message-input';
import { useVideoTimeToggle, VideoTimeToggle } from './video-time-toggle';

/**
 * The discussion's input: Enter sends, Shift+Enter starts a new line, blank text is not sent, at most
 * 2,000 characters. Beside a video, 'at 1:42' attaches the video's time to the next message (decision
 * 37). `onSending` runs just before a message goes out (the list then follows it). While `replyTo` is
 * set the message replies to it (decision 57): quoted above the box, with Cancel reply.
 */
export function DiscussionComposer({
  thread,
  onSending,
  replyTo = null,
  onReplyChange,
}: {
  thread: DiscussionThread;
  onSending: () => void;
  replyTo?: DiscussionMessage | null;
  onReplyChange?: (message: DiscussionMessage | null) => void;
}) {
  const post = usePostDiscussionMessage(thread);
  const clock = useVideoClock();
  const timing = useVideoTimeToggle(clock);
  const { draft, setDraft, textRef, send, empty } = useMessageDraft((text, callbacks) => {
    const videoSeconds = timing.take();
    const quoted = replyTo;
    onReplyChange?.(null);
    post.mutate(
      { text, videoSeconds, ...(quoted ? { replyToId: quoted.id } : {}) },
      {
        onError: (error) => {
          if (videoSeconds !== undefined) timing.setPressed(true);
          if (quoted) onReplyChange?.(quoted);
          callbacks.onError(error);
        },
      },
    );
  }, onSending);
  // Reply chosen in a message's menu: the box takes the focus (once the menu has given it back).
  useEffect(() => {
    if (!replyTo) return;
    const frame = requestAnimationFrame(() => textRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [replyTo, textRef]);

  return (
    <div className="shrink-0" data-composer="">
      {replyTo ? <ReplyingTo message={replyTo} onCancel={() => onReplyChange?.(null)} /> : null}
      <div className={cn('flex items-end gap-2 px-3 py-3 sm:px-4', !replyTo && 'border-t')}>
        {timing.second !== null ? <VideoTimeToggle {...timing} /> : null}
        <MessageInput
          ref={textRef}
          value={draft}
          onValueChange={setDraft}
          onSend={send}
          label="Discussion message"
        />
        <IconButton label="Send message" tooltipSide="top" variant="default" disabled={empty} onClick={send}>
          <SendHorizontal aria-hidden="true" className="size-5" />
        </IconButton>
      </div>
    </div>
  );
}
