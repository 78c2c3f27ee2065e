import type { ReactNode } from 'react';
import type { ChatMessage } from '@common/contracts/chat';
import { memberHref } from '../lib/paths';
import { cn } from '../lib/utils';
import { MessageAuthor, MessageAvatar } from './message-author';

/**
 * One message of a chat or a discussion: the author's picture, name (a link to their page, none for a
 * deleted member) and time, then `children` (the text or media). A `continued` message, one that goes on
 * from the same author's previous one, leaves out the picture and name (the name stays for screen
 * readers). `className` and `contentClassName` add each list's own spacing.
 */
export function MessageRow({
  message,
  mine,
  continued = false,
  className,
  contentClassName,
  actions,
  children,
}: {
  message: Pick<ChatMessage, 'id' | 'createdAt' | 'user'>;
  mine: boolean;
  continued?: boolean;
  className?: string;
  contentClassName?: string;
  /** The message's own menu (Edit, Delete), at its top right (decision 53). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { user } = message;
  const profileHref = memberHref(user.username);
  return (
    <li
      data-message-id={message.id}
      className={cn(
        'group/message relative grid grid-cols-[2.25rem_minmax(0,1fr)] gap-x-3 rounded-lg px-2 transition-colors hover:bg-accent/40',
        className,
      )}
    >
      {continued ? (
        <span aria-hidden="true" />
      ) : (
        <MessageAvatar name={user.name} src={user.profilePicture} href={profileHref} />
      )}
      {/* One column that may shrink below its content: a grid's own `auto` column would grow to a
          long URL or to the video poster's 18rem and push the list sideways on a phone. */}
      <div className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)]', contentClassName)}>
        {continued ? (
          <span className="sr-only">{user.name}</span>
        ) : (
          <MessageAuthor name={user.name} href={profileHref} mine={mine} time={message.createdAt} />
        )}
        {children}
      </div>
      {actions ? <div className="absolute right-1 top-0.5">{actions}</div> : null}
    </li>
  );
}
