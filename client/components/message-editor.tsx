import { useId, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@common/constants';
import { serverErrorMessage } from '../lib/api-error';
import { useMentionAutocomplete } from './mention-autocomplete';
import { Button } from './ui/button';
import { Textarea } from './ui/textarea';

/**
 * A message's text edited in place (decision 53): Save (or Enter) keeps it, Cancel (or Escape) leaves
 * it as it was. Blank text cannot be saved; a refusal from the server is shown under the field.
 * `@` and 2 characters offer the members to mention, as in the message box (decision 57): an edit that
 * adds a mention notifies that member.
 */
export function MessageEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (text: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const blank = text.trim() === '';
  const box = useRef<HTMLTextAreaElement | null>(null);
  const mention = useMentionAutocomplete({ value: text, onValueChange: setText, input: box });

  const save = async () => {
    if (blank || saving) return;
    if (text.trim() === initial.trim()) return onCancel();
    setSaving(true);
    setError(null);
    try {
      await onSave(text.trim());
    } catch (err) {
      setError(serverErrorMessage(err) ?? 'Could not save the message. Please try again.');
      setSaving(false);
    }
  };

  return (
    <form
      className="grid gap-2 py-1"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="relative">
        <Textarea
          ref={box}
          aria-label="Edit message"
          autoFocus
          rows={2}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? errorId : undefined}
          {...mention.inputProps}
          onFocus={(e) => {
            e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length);
            mention.track();
          }}
          onChange={(e) => {
            setText(e.target.value);
            mention.track();
          }}
          onKeyDown={(e) => {
            if (mention.onKeyDown(e)) return;
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              onCancel();
            } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void save();
            }
          }}
        />
        {mention.list}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm" disabled={blank || saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <span className="hidden text-xs text-muted-foreground sm:inline">
          Enter to save · Escape to cancel
        </span>
      </div>
    </form>
  );
}

/** '(edited)' after a message its author changed, with the time in its tooltip. */
export function EditedMark({ at }: { at: string | undefined }) {
  if (!at) return null;
  return (
    <span className="text-xs text-muted-foreground" title={`Edited ${new Date(at).toLocaleString()}`}>
      (edited)
    </span>
  );
}

/** The author's own view of a message a coach removed (decision 53); nobody else sees it. */
export function RemovedNotice({ reason }: { reason: string | null }) {
  return (
    <p className="rounded-md border border-dashed border-destructive/40 px-2.5 py-1.5 text-sm text-muted-foreground">
      <span className="font-medium text-destructive">Removed by a coach{reason ? ':' : ''}</span>
      {reason ? ` ${reason}` : ''}
      <span className="block text-xs">Only you can see this.</span>
    </p>
  );
}
