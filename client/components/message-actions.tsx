import { Flag, MoreHorizontal, Pencil, Reply, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { REMOVAL_REASON_MAX_LENGTH } from '@common/contracts/moderation-values';
import type { ReportedMessageKind } from '@common/contracts/reports';
import { serverErrorMessage } from '../lib/api-error';
import { toast } from '../lib/toast';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './ui/alert-dialog';
import { ReportDialog } from './report-dialog';
import { Button } from './ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './ui/dropdown-menu';
import { Label } from './ui/label';
import { Textarea } from './ui/textarea';

/**
 * A message's own menu (decision 53): Edit for its author, Delete for its author or a coach, by mouse
 * or keyboard (a Radix menu). Delete asks first; a coach removing someone else's message may say why,
 * which its author is shown ('Removed by a coach: …').
 */
export function MessageActions({
  author,
  canEdit,
  canDelete,
  removesOthers,
  onEdit,
  onDelete,
  report,
  onReply,
}: {
  /** Whose message it is, for the menu's and the dialog's names; null: the viewer's own. */
  author: string | null;
  canEdit: boolean;
  canDelete: boolean;
  /** A coach deleting someone else's message: the dialog offers a reason. */
  removesOthers: boolean;
  onEdit: () => void;
  onDelete: (reason: string | undefined) => Promise<unknown>;
  /** Someone else's message: Report opens the report dialog (decision 55). */
  report?: { messageKind: ReportedMessageKind; messageId: number };
  /** Reply quotes the message in the composer (a lesson discussion, decision 57). */
  onReply?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [deleting, setDeleting] = useState(false);
  const reasonId = useId();
  const [reporting, setReporting] = useState(false);
  /** Reply was chosen: the focus goes to the composer, not back to the menu's button. */
  const replying = useRef(false);
  if (!canEdit && !canDelete && !report && !onReply) return null;

  const remove = async () => {
    setDeleting(true);
    try {
      await onDelete(removesOthers && reason.trim() ? reason.trim() : undefined);
      setConfirming(false);
      setReason('');
    } catch (error) {
      toast({
        title: 'Could not delete the message',
        description: serverErrorMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={author ? `Actions for ${author}’s message` : 'Actions for your message'}
            className="size-8 text-muted-foreground opacity-0 transition-opacity focus-visible:opacity-100 group-hover/message:opacity-100 group-focus-within/message:opacity-100 data-[state=open]:opacity-100 [@media(hover:none)]:opacity-100"
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          className="min-w-36"
          onCloseAutoFocus={(event) => {
            if (!replying.current) return;
            replying.current = false;
            event.preventDefault();
          }}
        >
          {onReply ? (
            <DropdownMenuItem
              onSelect={() => {
                replying.current = true;
                onReply();
              }}
            >
              <Reply aria-hidden="true" />
              Reply
            </DropdownMenuItem>
          ) : null}
          {canEdit ? (
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil aria-hidden="true" />
              Edit
            </DropdownMenuItem>
          ) : null}
          {canDelete ? (
            <DropdownMenuItem
              className="text-destructive data-[highlighted]:text-destructive [&_svg]:text-destructive"
              onSelect={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          ) : null}
          {report ? (
            <DropdownMenuItem onSelect={() => setReporting(true)}>
              <Flag aria-hidden="true" />
              Report
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {report ? (
        <ReportDialog
          trigger="none"
          open={reporting}
          onOpenChange={setReporting}
          target={report}
          what={`${author ?? 'this'}’s message`}
        />
      ) : null}
      <AlertDialog open={confirming} onOpenChange={(open) => !deleting && setConfirming(open)}>
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
                onChange={(e) => setReason(e.target.value)}
                placeholder="Shown to the author"
              />
            </div>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleting}>Cancel</AlertDialogCancel>
            {/* Not an AlertDialogAction: the dialog stays open until the deletion is done or fails. */}
            <Button variant="destructive" disabled={deleting} onClick={() => void remove()}>
              {deleting ? 'Deleting…' : removesOthers ? 'Remove' : 'Delete'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
