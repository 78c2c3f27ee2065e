import { memo } from 'react';
import type { ChatMessage } from '@common/contracts/chat';
import { MessageText } from '../../../components/message-text';
import { MessageAuthor, MessageAvatar } from '../../../components/message-author';
import { memberHref } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import { PhotoMessage } from './photo-message';
import { VideoMessage } from './video-message';

// Media messages carry a URL of this app's media handler; anything else is shown as text.
const isMediaUrl = (content: string) => /^\/api\/media\/[\w-]+$/.test(content);

function MessageBody({ message }: { message: ChatMessage }) {
  const { content, messageType } = message;
  if (messageType === 'text' || !isMediaUrl(content)) return <MessageText text={content} />;
  if (messageType === 'photo') return <PhotoMessage src={content} senderName={message.user.name} />;
  if (messageType === 'video') return <VideoMessage src={content} senderName={message.user.name} />;
  return (
    <audio
      controls
      preload="metadata"
      src={content}
      aria-label={`Voice message from ${message.user.name}`}
      className="h-10 w-72 max-w-full"
    />
  );
}

/**
 * One message: the sender's picture, name (a link to their page, none for a deleted member) and time,
 * then the text or media. A message that continues the same sender's run leaves out the picture and name.
 */
export const ChatMessageItem = memo(function ChatMessageItem({
  message,
  continued,
  mine,
}: {
  message: ChatMessage;
  continued: boolean;
  mine: boolean;
}) {
  const { user } = message;
  const profileHref = memberHref(user.username);
  return (
    <li
      data-message-id={message.id}
      className={cn(
        'group/message grid grid-cols-[2.25rem_minmax(0,1fr)] gap-x-3 rounded-lg px-2 py-1 transition-colors hover:bg-accent/40',
        continued ? 'mt-0' : 'mt-2 first:mt-0',
      )}
    >
      {continued ? (
        <span aria-hidden="true" />
      ) : (
        <MessageAvatar name={user.name} src={user.profilePicture} href={profileHref} />
      )}
      {/* One column that may shrink below its content: a grid's own `auto` column would grow to a
          long URL or to the video poster's 18rem and push the list sideways on a phone. */}
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
        {continued ? (
          <span className="sr-only">{user.name}</span>
        ) : (
          <MessageAuthor name={user.name} href={profileHref} mine={mine} time={message.createdAt} />
        )}
        <MessageBody message={message} />
      </div>
    </li>
  );
});
