import { SendHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import { IconButton } from '../../../components/ui/icon-button';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { usePostDiscussionMessage } from '../api/post-discussion-message';
import type { DiscussionThread } from '../discussion-thread';
import { MessageInput } from '../../../components/message-input';

/**
 * The discussion's input: Enter sends, Shift+Enter starts a new line, blank text is not sent, at most
 * 2,000 characters. `onSending` runs just before a message goes out (the list then follows it).
 */
export function DiscussionComposer({
  thread,
  onSending,
}: {
  thread: DiscussionThread;
  onSending: () => void;
}) {
  const [draft, setDraft] = useState('');
  const textRef = useRef<HTMLTextAreaElement>(null);
  const post = usePostDiscussionMessage(thread);

  function send() {
    const text = draft.trim();
    if (text === '') return;
    onSending();
    setDraft('');
    post.mutate(text, {
      onError: (error) => {
        // Give the text back unless something new was typed meanwhile.
        setDraft((current) => (current === '' ? draft : current));
        toast({
          title: 'Message not sent',
          description: serverErrorMessage(error) ?? 'Please try again.',
          variant: 'destructive',
        });
      },
    });
    textRef.current?.focus();
  }

  return (
    <div className="flex shrink-0 items-end gap-2 border-t px-3 py-3 sm:px-4">
      <MessageInput
        ref={textRef}
        value={draft}
        onValueChange={setDraft}
        onSend={send}
        label="Discussion message"
      />
      <IconButton
        label="Send message"
        tooltipSide="top"
        variant="default"
        disabled={draft.trim() === ''}
        onClick={send}
      >
        <SendHorizontal aria-hidden="true" className="size-5" />
      </IconButton>
    </div>
  );
}
