import { memo } from 'react';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { MessageText } from '../../../components/message-text';
import { MessageAuthor, MessageAvatar } from '../../../components/message-author';
import { memberHref } from '../../../lib/paths';

/**
 * One message: the author's picture and name (a link to their page, none for a deleted member), the
 * time, then the text.
 */
export const DiscussionMessageItem = memo(function DiscussionMessageItem({
  message,
  mine,
}: {
  message: DiscussionMessage;
  mine: boolean;
}) {
  const { user } = message;
  const profileHref = memberHref(user.username);
  return (
    <li
      data-message-id={message.id}
      className="grid grid-cols-[2.25rem_minmax(0,1fr)] gap-x-3 rounded-lg px-2 py-1.5 transition-colors hover:bg-accent/40"
    >
      <MessageAvatar name={user.name} src={user.profilePicture} href={profileHref} />
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-0.5">
        <MessageAuthor name={user.name} href={profileHref} mine={mine} time={message.createdAt} />
        <MessageText text={message.text} />
      </div>
    </li>
  );
});
