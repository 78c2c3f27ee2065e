import { useRef, type KeyboardEvent } from 'react';
import { RSVP_LABELS, RSVP_STATUSES, type RsvpStatus } from '@common/contracts/events-values';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useRsvp } from '../api/rsvp';

const NEXT: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Going / Maybe / Can't go: a radio group drawn as three buttons. One stop in the tab order; the arrow
 * keys move and choose at once (as a radio group does), Home and End go to the ends; the answer is saved
 * as it is chosen.
 */
export function RsvpChoice({
  eventId,
  title,
  value,
}: {
  eventId: string;
  title: string;
  value: RsvpStatus | null;
}) {
  const rsvp = useRsvp();
  const shown = rsvp.isPending ? rsvp.variables.status : value;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function choose(status: RsvpStatus) {
    if (status === shown) return;
    rsvp.mutate(
      { id: eventId, status },
      {
        onError: (err) =>
          toast({
            title: 'Could not save your answer',
            description: serverErrorMessage(err) ?? 'Try again.',
            variant: 'destructive',
          }),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    const n = RSVP_STATUSES.length;
    let to: number | null = null;
    if (event.key in NEXT) to = (index + NEXT[event.key]! + n) % n;
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = n - 1;
    if (to === null) return;
    event.preventDefault();
    buttons.current[to]?.focus();
    choose(RSVP_STATUSES[to]!);
  }

  const focusable = shown ?? RSVP_STATUSES[0];
  return (
    <div
      role="radiogroup"
      aria-label={`Your answer for ${title}`}
      className="inline-flex flex-wrap gap-1 rounded-lg border border-input p-1"
    >
      {RSVP_STATUSES.map((status, i) => (
        <button
          key={status}
          ref={(el) => {
            buttons.current[i] = el;
          }}
          type="button"
          role="radio"
          aria-checked={shown === status}
          tabIndex={status === focusable ? 0 : -1}
          onClick={() => choose(status)}
          onKeyDown={(e) => onKeyDown(e, i)}
          className={cn(
            'h-9 cursor-pointer rounded-md px-3 text-sm font-semibold transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            shown === status && 'bg-primary text-primary-foreground hover:bg-primary-hover',
          )}
        >
          {RSVP_LABELS[status]}
        </button>
      ))}
    </div>
  );
}
