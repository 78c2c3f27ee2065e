import { Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { useClearDiscussion } from '../api/clear-discussion';
import type { DiscussionThread } from '../discussion-thread';

/** An admin's Clear, confirmed first: every message of the thread is removed for everyone. */
export function ClearDiscussionButton({ thread, disabled }: { thread: DiscussionThread; disabled: boolean }) {
  const clear = useClearDiscussion(thread);
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="ghost" disabled={disabled || clear.isPending}>
          <Trash2 aria-hidden="true" />
          Clear
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Clear the discussion?</AlertDialogTitle>
          <AlertDialogDescription>
            Every message in this discussion will be removed for all members. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => clear.mutate()}>Clear messages</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
