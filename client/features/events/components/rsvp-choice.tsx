import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { RSVP_LABELS, RSVP_STATUSES, type RsvpStatus } from '@common/contracts/events-values';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useRsvp } from '../api/rsvp';

/**
 * Going / Maybe / Can't go: a radio group drawn as three buttons (arrow keys move and choose, as a
 * radio group does); the answer is saved at once.
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
  return (
    <RadioGroupPrimitive.Root
      aria-label={`Your answer for ${title}`}
      value={shown ?? ''}
      orientation="horizontal"
      className="inline-flex flex-wrap gap-1 rounded-lg border border-input p-1"
      onValueChange={(status) =>
        rsvp.mutate(
          { id: eventId, status: status as RsvpStatus },
          {
            onError: (err) =>
              toast({
                title: 'Could not save your answer',
                description: serverErrorMessage(err) ?? 'Try again.',
                variant: 'destructive',
              }),
          },
        )
      }
    >
      {RSVP_STATUSES.map((status) => (
        <RadioGroupPrimitive.Item
          key={status}
          value={status}
          className={cn(
            'h-9 cursor-pointer rounded-md px-3 text-sm font-semibold transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            'data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
          )}
        >
          {RSVP_LABELS[status]}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}
