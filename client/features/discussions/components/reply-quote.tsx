import { CornerUpLeft, X } from 'lucide-react';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { IconButton } from '../../../components/ui/icon-button';
import { highlightMessage } from '../../../lib/highlight-message';
import { toast } from '../../../lib/toast';

type Quote = NonNullable<DiscussionMessage['replyTo']>;

/**
 * The message a discussion message replies to, above its text (decision 57): its author and first
 * words; pressed, it brings the quoted message into view and highlights it. A quoted member the viewer
 * blocks reads 'an earlier message'.
 */
export function ReplyQuote({ quote }: { quote: Quote }) {
  const who = quote.author?.name || (quote.author ? 'a deleted member' : null);
  return (
    <button
      type="button"
      data-reply-quote=""
      onClick={(event) => {
        const list = event.currentTarget.closest<HTMLElement>('[role="log"]');
        if (!highlightMessage(list, quote.id)) {
          toast({ title: 'That message is no longer in this discussion' });
        }
      }}
      className="mb-0.5 flex min-w-0 items-start gap-1.5 rounded-md border-l-2 border-brand/60 bg-muted/60 px-2 py-1 text-left text-xs text-muted-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      <CornerUpLeft aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span className="min-w-0">
        <span className="sr-only">Show the message this replies to: </span>
        {who ? (
          <>
            <span className="font-semibold text-foreground">{who}</span>
            <span className="line-clamp-2 [overflow-wrap:anywhere]">{quote.excerpt}</span>
          </>
        ) : (
          <span>Reply to an earlier message</span>
        )}
      </span>
    </button>
  );
}

/** Above the composer while replying: whom and what, and a way to stop replying. */
export function ReplyingTo({ message, onCancel }: { message: DiscussionMessage; onCancel: () => void }) {
  return (
    <div
      className="flex items-start gap-2 border-t bg-muted/40 px-3 pt-2 text-xs sm:px-4"
      role="group"
      aria-label="Replying to"
    >
      <CornerUpLeft aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" />
      <p className="min-w-0 flex-1 text-muted-foreground">
        Replying to{' '}
        <span className="font-semibold text-foreground">{message.user.name || 'a deleted member'}</span>
        <span className="line-clamp-1 [overflow-wrap:anywhere]">{message.text}</span>
      </p>
      <IconButton label="Cancel reply" tooltipSide="top" className="size-7" onClick={onCancel}>
        <X aria-hidden="true" className="size-4" />
      </IconButton>
    </div>
  );
}
