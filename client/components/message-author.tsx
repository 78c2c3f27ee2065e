import { Link } from 'wouter';
import { cn } from '../lib/utils';
import { RelativeTime } from './relative-time';

/** A message's first line: the author's name, linking to their profile (own ones in brand colour), and when. */
export function MessageAuthor({
  name,
  href,
  mine,
  time,
}: {
  name: string;
  href: string;
  mine: boolean;
  time: string;
}) {
  return (
    <div className="flex min-w-0 items-baseline gap-2">
      <Link
        href={href}
        className={cn('truncate text-sm font-bold hover:underline', mine ? 'text-brand' : 'text-foreground')}
      >
        {name}
      </Link>
      <RelativeTime time={time} className="shrink-0" />
    </div>
  );
}
