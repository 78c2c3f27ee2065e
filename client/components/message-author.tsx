import { UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '../lib/utils';
import { Avatar } from './ui/avatar';
import { RelativeTime } from './relative-time';

/**
 * A message's first line: the author's name, linking to their profile (own ones in brand colour), and
 * when. With no `href` (a deleted member) the name is plain text.
 */
export function MessageAuthor({
  name,
  href,
  mine,
  time,
}: {
  name: string;
  href: string | null;
  mine: boolean;
  time: string;
}) {
  return (
    <div className="flex min-w-0 items-baseline gap-2">
      {href === null ? (
        <span className="truncate text-sm font-bold text-muted-foreground">{name}</span>
      ) : (
        <Link
          href={href}
          className={cn(
            'truncate text-sm font-bold hover:underline',
            mine ? 'text-brand' : 'text-foreground',
          )}
        >
          {name}
        </Link>
      )}
      <RelativeTime time={time} className="shrink-0" />
    </div>
  );
}

/**
 * A message's picture, a second (mouse-only) way to the author's profile; the name beside it is the
 * accessible one. With no `href` (a deleted member) it is a plain silhouette, linking nowhere.
 */
export function MessageAvatar({
  name,
  src,
  href,
}: {
  name: string;
  src: string | null;
  href: string | null;
}) {
  if (href === null) {
    return (
      <span
        aria-hidden="true"
        className="mt-0.5 grid size-9 place-items-center self-start rounded-full bg-muted text-muted-foreground ring-2 ring-border"
      >
        <UserRound className="size-5" />
      </span>
    );
  }
  return (
    <Link href={href} tabIndex={-1} aria-hidden="true" className="mt-0.5 self-start">
      <Avatar name={name} src={src} decorative className="size-9 text-xs" />
    </Link>
  );
}
