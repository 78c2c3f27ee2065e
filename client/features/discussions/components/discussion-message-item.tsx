import { memo } from 'react';
import type { DiscussionMessage } from '@common/contracts/lessons';
import { AttemptCard } from '../../../components/attempts/attempt-card';
import { MessageRow } from '../../../components/message-row';
import { MessageText } from '../../../components/message-text';
import { VideoTimeChip } from './video-time-chip';

/**
 * One message: the author's picture and name (a link to their page, none for a deleted member), the
 * time, then the time in the video it points at (if any), the text, and an attempt posted back with it
 * (issue 18).
 */
export const DiscussionMessageItem = memo(function DiscussionMessageItem({
  message,
  mine,
}: {
  message: DiscussionMessage;
  mine: boolean;
}) {
  return (
    <MessageRow message={message} mine={mine} className="py-1.5" contentClassName="gap-0.5">
      {message.videoSeconds !== null ? <VideoTimeChip seconds={message.videoSeconds} /> : null}
      {message.text && <MessageText text={message.text} />}
      {message.attempt && <AttemptCard attempt={message.attempt} author={message.user.name} mine={mine} />}
    </MessageRow>
  );
});
