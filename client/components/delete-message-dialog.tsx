import { useId } from 'react';
import { REMOVAL_REASON_MAX_LENGTH } from '@common/contracts/moderation-values';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './ui/alert-dialog';
import { Button } from './ui/button';
import { Label } from './ui/label';
import { Textarea } from './ui/textarea';

/**
 * Delete asks first (decision 53): a message's confirmation, opened from its menu (MessageActions). A
 * module of its own, loaded when the menu's button is pointed at or focused (decision 70). A coach
 * removing someone else's message may say why, which its author is shown.
 */
export default function DeleteMessageDialog({
  open,
  onOpenChange,
  author,
  removesOthers,
  deleting,
  reason,
  onReasonChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  author: string | null;
  removesOthers: boolean;
  deleting: boolean;
  reason: string;
  onReasonChange: (reason: string) => void;
  onConfirm: () => void;
}) {
  const reasonId = useId();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleting && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {removesOthers ? `Remove ${author ?? 'this'}’s message?` : 'Delete this message?'}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {removesOthers
              ? `It disappears for everyone. ${author ?? 'Its author'} sees “Removed by a coach”, with your reason if you give one.`
              : 'It disappears for everyone. This cannot be undone.'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {removesOthers ? (
          <div className="grid gap-2">
            <Label htmlFor={reasonId}>Reason (optional)</Label>
            <Textarea
              id={reasonId}
              rows={2}
              maxLength={REMOVAL_REASON_MAX_LENGTH}
              value={reason}
              onChange={(e) => onReasonChange(e.target.value)}
              placeholder="Shown to the author"
            />
          </div>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleting}>Cancel</AlertDialogCancel>
          {/* Not an AlertDialogAction: the dialog stays open until the deletion is done or fails. */}
          <Button variant="destructive" disabled={deleting} onClick={onConfirm}>
            {deleting ? 'Deleting…' : removesOthers ? 'Remove' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
