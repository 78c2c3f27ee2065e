import { SendHorizontal } from 'lucide-react';
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
 * 37). `onSending` runs just before a message goes out (the list then follows it).
 */
export function DiscussionComposer({
  thread,
  onSending,
}: {
  thread: DiscussionThread;
  onSending: () => void;
}) {
  const post = usePostDiscussionMessage(thread);
  const clock = useVideoClock();
  const timing = useVideoTimeToggle(clock);
  const { draft, setDraft, textRef, send, empty } = useMessageDraft((text, callbacks) => {
    const videoSeconds = timing.take();
    post.mutate(
      { text, videoSeconds },
      {
        onError: (error) => {
          if (videoSeconds !== undefined) timing.setPressed(true);
          callbacks.onError(error);
        },
      },
    );
  }, onSending);

  return (
    <div className="flex shrink-0 items-end gap-2 border-t px-3 py-3 sm:px-4">
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
  );
}
