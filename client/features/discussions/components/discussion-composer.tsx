import { SendHorizontal } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@common/constants';
import { IconButton } from '../../../components/ui/icon-button';
import { Textarea } from '../../../components/ui/textarea';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { usePostDiscussionMessage } from '../api/post-discussion-message';
import type { DiscussionThread } from '../discussion-thread';

// The character count shows once a message comes near the limit.
const COUNTER_FROM = CHAT_MESSAGE_MAX_LENGTH - 200;

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

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <div className="flex shrink-0 items-end gap-2 border-t px-3 py-3 sm:px-4">
      <div className="relative min-w-0 flex-1">
        <Textarea
          ref={textRef}
          rows={1}
          value={draft}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type a message..."
          aria-label="Discussion message"
          enterKeyHint="send"
          className="field-sizing-content block max-h-28 min-h-10 resize-none py-2 leading-snug"
        />
        {draft.length >= COUNTER_FROM ? (
          <span
            aria-live="polite"
            className="pointer-events-none absolute -top-5 right-1 text-[0.7rem] tabular-nums text-muted-foreground"
          >
            {draft.length}/{CHAT_MESSAGE_MAX_LENGTH}
          </span>
        ) : null}
      </div>
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
