import { memo, useState } from 'react';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { AttemptCard } from '../../../components/attempts/attempt-card';
import { MessageActions } from '../../../components/message-actions';
import { EditedMark, MessageEditor, RemovedNotice } from '../../../components/message-editor';
import { MessageRow } from '../../../components/message-row';
import { MessageText } from '../../../components/message-text';
import { cn } from '../../../lib/utils';
import { useChangeDiscussionMessage } from '../api/change-discussion-message';
import type { DiscussionThread } from '../discussion-thread';
import { VideoTimeChip } from './video-time-chip';
import { ReplyQuote } from './reply-quote';

/**
 * One message: the author's picture and name (a link to their page, none for a deleted member), the
 * time, then the time in the video it points at (if any), the text, and an attempt posted back with it
 * (issue 18). Its own menu edits or deletes it (decision 53): Edit for its author's text, Delete for its
 * author or a coach; a message a coach removed shows its author 'Removed by a coach'.
 */
export const DiscussionMessageItem = memo(function DiscussionMessageItem({
  message,
  mine,
  coach = false,
  thread,
  onReply,
}: {
  message: DiscussionMessage;
  mine: boolean;
  coach?: boolean;
  thread: DiscussionThread;
  /** Reply in its menu quotes it in the composer (decision 57). */
  onReply?: (message: DiscussionMessage) => void;
}) {
  const [editing, setEditing] = useState(false);
  const { edit, remove } = useChangeDiscussionMessage(thread);
  const removed = message.removed;
  const canEdit = mine && !removed && message.attempt === null;
  const canDelete = !removed && (mine || coach);
  // Anyone else's message may be reported to the coaches (decision 55).
  const canReport = !removed && !mine;
  const canReply = !removed && onReply !== undefined;
  const hasMenu = canDelete || canReport || canReply;
  return (
    <MessageRow
      message={message}
      mine={mine}
      className={cn('py-1.5', hasMenu && !editing && 'pr-10')}
      contentClassName="gap-0.5"
      actions={
        hasMenu && !editing ? (
          <MessageActions
            author={mine ? null : message.user.name || 'a deleted member'}
            canEdit={canEdit}
            canDelete={canDelete}
            removesOthers={!mine}
            onEdit={() => setEditing(true)}
            onDelete={(reason) => remove.mutateAsync({ id: message.id, reason })}
            report={canReport ? { messageKind: 'discussion', messageId: message.id } : undefined}
            onReply={canReply ? () => onReply?.(message) : undefined}
          />
        ) : null
      }
    >
      {message.replyTo ? <ReplyQuote quote={message.replyTo} /> : null}
      {message.videoSeconds !== null ? <VideoTimeChip seconds={message.videoSeconds} /> : null}
      {removed ? (
        <RemovedNotice reason={removed.reason} />
      ) : editing ? (
        <MessageEditor
          initial={message.text}
          onCancel={() => setEditing(false)}
          onSave={async (text) => {
            await edit.mutateAsync({ id: message.id, text });
            setEditing(false);
          }}
        />
      ) : (
        <>
          {message.text && <MessageText text={message.text} mentions={message.mentions} />}
          {message.attempt && (
            <AttemptCard attempt={message.attempt} author={message.user.name} mine={mine} />
          )}
          <EditedMark at={message.editedAt} />
        </>
      )}
    </MessageRow>
  );
});
