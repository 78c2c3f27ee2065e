import { memo } from 'react';
import { Link } from 'wouter';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { RelativeTime } from '../../../components/relative-time';
import { Avatar } from '../../../components/ui/avatar';
import { linkify } from '../../../lib/linkify';
import { cn } from '../../../lib/utils';

/** Message text as text (never markup), newlines kept, http(s) links clickable. */
function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-[0.9375rem] leading-relaxed [overflow-wrap:anywhere]">
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand underline underline-offset-2 hover:decoration-2"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** One message: the author's picture and name (a link to their page), the time, then the text. */
export const DiscussionMessageItem = memo(function DiscussionMessageItem({
  message,
  mine,
}: {
  message: DiscussionMessage;
  mine: boolean;
}) {
  const { user } = message;
  const profileHref = `/member/${encodeURIComponent(user.username)}`;
  return (
    <li
      data-message-id={message.id}
      className="grid grid-cols-[2.25rem_minmax(0,1fr)] gap-x-3 rounded-lg px-2 py-1.5 transition-colors hover:bg-accent/40"
    >
      <Link href={profileHref} tabIndex={-1} aria-hidden="true" className="mt-0.5 self-start">
        <Avatar name={user.name} src={user.profilePicture} decorative className="size-9 text-xs" />
      </Link>
      <div className="grid min-w-0 gap-0.5">
        <div className="flex min-w-0 items-baseline gap-2">
          <Link
            href={profileHref}
            className={cn(
              'truncate text-sm font-bold hover:underline',
              mine ? 'text-brand' : 'text-foreground',
            )}
          >
            {user.name}
          </Link>
          <RelativeTime time={message.createdAt} className="shrink-0" />
        </div>
        <MessageText text={message.text} />
      </div>
    </li>
  );
});
