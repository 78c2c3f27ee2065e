import { formatFullTime, formatRelativeTime } from '../lib/relative-time';
import { useNow } from '../lib/use-now';
import { cn } from '../lib/utils';

/**
 * 'Just now', '5m ago'…, kept current by the shared clock (only this element re-renders as it ticks);
 * the full date and time as its title.
 */
export function RelativeTime({ time, className }: { time: string; className?: string }) {
  const now = useNow();
  return (
    <time
      dateTime={time}
      title={formatFullTime(time)}
      className={cn('text-xs text-muted-foreground', className)}
    >
      {formatRelativeTime(time, now)}
    </time>
  );
}
