import { useQueryClient } from '@tanstack/react-query';
import { CornerUpLeft } from 'lucide-react';
import { memo, useState } from 'react';
import type { ChatMessage } from '@common/contracts/chat';
import { isMediaUrl } from '@common/media-url';
import { AttemptCard } from '../../../components/attempts/attempt-card';
import { MessageText } from '../../../components/message-text';
import { MessageRow } from '../../../components/message-row';
import { MessageActions } from '../../../components/message-actions';
import { EditedMark, MessageEditor, RemovedNotice } from '../../../components/message-editor';
import { PhotoThumbnail } from '../../../components/photo-thumbnail';
import { removeMessageFromRoom } from '../api/get-community-messages';
import {
  deleteCommunityMessage,
  editCommunityMessage,
  replaceMessageInRoom,
} from '../api/change-community-message';
import { cn } from '../../../lib/utils';
import { VideoMessage } from './video-message';

// Media messages carry a URL of this app's media handler (common/media-url.ts); anything else is shown as text.

/**
 * What a reply answers (issue 30: a coach's reply to an attempt): its author and the start of its text,
 * when the room holds it; otherwise that it answers an earlier message.
 */
function RepliedTo({ message }: { message: ChatMessage | null }) {
  const what = message
    ? `${message.user.name}${message.messageType === 'attempt' ? '’s attempt' : ''}${
        message.content && (message.messageType === 'text' || message.messageType === 'attempt')
          ? `: “${message.content.length > 60 ? `${message.content.slice(0, 60)}…` : message.content}”`
          : ''
      }`
    : 'an earlier message';
  return (
    <p className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
      <CornerUpLeft aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="truncate">Reply to {what}</span>
    </p>
  );
}

function MessageBody({ message, mine, inView }: { message: ChatMessage; mine: boolean; inView: boolean }) {
  const queryClient = useQueryClient();
  const { content, messageType } = message;
  if (messageType === 'attempt' && message.attempt) {
    return (
      <>
        {content && <MessageText text={content} mentions={message.mentions} />}
        <AttemptCard
          attempt={message.attempt}
          author={message.user.name}
          mine={mine}
          onDeleted={() => removeMessageFromRoom(queryClient, message.id)}
        />
      </>
    );
  }
  if (messageType === 'text' || !isMediaUrl(content))
    return <MessageText text={content} mentions={message.mentions} />;
  if (messageType === 'photo')
    return <PhotoThumbnail src={content} alt={`Photo from ${message.user.name}`} inView={inView} />;
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
 * then what it replies to, if anything, and the text or media. A message that continues the same sender's run leaves out the picture and name.
 */
export const ChatMessageItem = memo(function ChatMessageItem({
  message,
  continued,
  mine,
  coach = false,
  repliedTo,
  inView = false,
}: {
  message: ChatMessage;
  continued: boolean;
  mine: boolean;
  /** The viewer is a coach: they may delete anyone's message, with a reason (decision 53). */
  coach?: boolean;
  /** The message this one replies to, when it does and the room holds it. */
  repliedTo?: ChatMessage | null;
  /** Among the newest messages, in view as the room opens: its photo is loaded first (decision 77). */
  inView?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  // The edit and the deletion are plain requests, not a mutation hook each: two mutation observers per
  // message drawn were a part of every message's first render, for actions rarely taken (decision 85).
  const queryClient = useQueryClient();
  const removed = message.removed;
  // Its author edits a text message; its author or a coach deletes any (an attempt's own card also can).
  const canEdit = mine && !removed && message.messageType === 'text';
  const canDelete = !removed && (mine || coach);
  // Anyone else's message may be reported to the coaches (decision 55).
  const canReport = !removed && !mine;
  return (
    <MessageRow
      message={message}
      mine={mine}
      continued={continued}
      className={cn(
        'py-1',
        continued ? 'mt-0' : 'mt-2 first:mt-0',
        (canDelete || canReport) && !editing && 'pr-10',
        // (Decision 85 laid the older rows out only near the view, `content-visibility: auto`; taken
        // out again: an estimated height moved a notification's target and the unread divider's checks
        // in the browser tests of a whole run. To measure again on a quiet machine before it returns.)
      )}
      contentClassName="gap-1"
      actions={
        (canDelete || canReport) && !editing ? (
          <MessageActions
            author={mine ? null : message.user.name || 'a deleted member'}
            canEdit={canEdit}
            canDelete={canDelete}
            removesOthers={!mine}
            onEdit={() => setEditing(true)}
            onDelete={async (reason) => {
              await deleteCommunityMessage(message.id, reason);
              removeMessageFromRoom(queryClient, message.id);
            }}
            report={canReport ? { messageKind: 'chat', messageId: message.id } : undefined}
          />
        ) : null
      }
    >
      {message.replyToId !== undefined && <RepliedTo message={repliedTo ?? null} />}
      {removed ? (
        <RemovedNotice reason={removed.reason} />
      ) : editing ? (
        <MessageEditor
          initial={message.content}
          onCancel={() => setEditing(false)}
          onSave={async (content) => {
            replaceMessageInRoom(queryClient, await editCommunityMessage(message.id, content));
            setEditing(false);
          }}
        />
      ) : (
        <>
          <MessageBody message={message} mine={mine} inView={inView} />
          <EditedMark at={message.editedAt} />
        </>
      )}
    </MessageRow>
  );
});
