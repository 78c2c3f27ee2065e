import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { useClearDiscussion } from '../api/clear-discussion';
import type { DiscussionThread } from '../discussion-thread';

/** An admin's Clear, confirmed first: every message of the thread is removed for everyone. */
export function ClearDiscussionButton({ thread, disabled }: { thread: DiscussionThread; disabled: boolean }) {
  const clear = useClearDiscussion(thread);
  return (
    <ConfirmDeleteButton
      label="Clear"
      title="Clear the discussion?"
      description="Every message in this discussion will be removed for all members. This cannot be undone."
      confirm="Clear messages"
      onConfirm={() => clear.mutate()}
      disabled={disabled || clear.isPending}
    />
  );
}
