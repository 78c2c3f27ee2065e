import { useRef, useState } from 'react';
import { serverErrorMessage } from './api-error';
import { toast } from './toast';

type Post = (text: string, callbacks: { onError: (error: unknown) => void }) => void;

/**
 * The text of a message box and its sending: blank text is not sent; the box empties at once and keeps
 * the focus; if the message is refused, its text comes back (unless something new was typed meanwhile)
 * and a toast says why. `onSending` runs just before the message goes out.
 */
export function useMessageDraft(post: Post, onSending: () => void) {
  const [draft, setDraft] = useState('');
  const textRef = useRef<HTMLTextAreaElement>(null);

  function send() {
    const text = draft.trim();
    if (text === '') return;
    onSending();
    setDraft('');
    post(text, {
      onError: (error) => {
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

  return { draft, setDraft, textRef, send, empty: draft.trim() === '' };
}
