import { useState } from 'react';
import { formatFullTime, formatRelativeTime } from '../lib/relative-time';
import { useNow } from '../lib/use-now';
import { cn } from '../lib/utils';

/**
 * 'Just now', '5m ago'…, kept current by the shared clock (only this element re-renders as it ticks);
 * the full date and time as its title, written when the pointer or the focus first reaches it: the
 * browser shows a title only after a pointer rests on it, and the first full-date formatter of a page
 * costs tens of milliseconds on a phone (its locale data), which a list of 50 messages paid as it was
 * first drawn (docs/decisions.md decision 73). `dateTime` carries the exact time for machines.
 */
export function RelativeTime({ time, className }: { time: string; className?: string }) {
  const now = useNow();
  // Kept with the time it was written for (a reused element may be given another).
  const [title, setTitle] = useState<{ time: string; text: string } | undefined>(undefined);
  const writeTitle = () => {
    if (title?.time !== time) setTitle({ time, text: formatFullTime(time) });
  };
  return (
    <time
      dateTime={time}
      title={title?.time === time ? title.text : undefined}
      onPointerEnter={writeTitle}
      onFocus={writeTitle}
      className={cn('text-xs text-muted-foreground', className)}
    >
      {formatRelativeTime(time, now)}
    </time>
  );
}
