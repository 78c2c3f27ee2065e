import { useCallback, useRef, type KeyboardEvent, type Ref } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@common/constants';
import { Textarea } from './ui/textarea';
import { useMentionAutocomplete } from './mention-autocomplete';

/** The character count shows once a message comes this close to the limit. */
const COUNTER_FROM = CHAT_MESSAGE_MAX_LENGTH - 200;

/**
 * The message box of the chat and the discussions: Enter sends, Shift+Enter makes a new line (and so
 * does Enter while an input method is composing); grows with its text; counts down near the limit.
 * `@` and 2 characters offer the members to mention (decision 57).
 */
export function MessageInput({
  value,
  onValueChange,
  onSend,
  label,
  ref,
}: {
  value: string;
  onValueChange: (value: string) => void;
  onSend: () => void;
  label: string;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const box = useRef<HTMLTextAreaElement | null>(null);
  const setBox = useCallback(
    (el: HTMLTextAreaElement | null) => {
      box.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  const mention = useMentionAutocomplete({ value, onValueChange, input: box });
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (mention.onKeyDown(event)) return;
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSend();
  }
  return (
    <div className="relative min-w-0 flex-1">
      <Textarea
        ref={setBox}
        rows={1}
        value={value}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        {...mention.inputProps}
        onChange={(event) => {
          onValueChange(event.target.value);
          mention.track();
        }}
        onKeyDown={onKeyDown}
        placeholder="Type a message..."
        aria-label={label}
        enterKeyHint="send"
        className="field-sizing-content block max-h-28 min-h-10 resize-none py-2 leading-snug"
      />
      {mention.list}
      {value.length >= COUNTER_FROM ? (
        <span
          aria-live="polite"
          className="pointer-events-none absolute -top-5 right-1 text-[0.7rem] tabular-nums text-muted-foreground"
        >
          {value.length}/{CHAT_MESSAGE_MAX_LENGTH}
        </span>
      ) : null}
    </div>
  );
}
