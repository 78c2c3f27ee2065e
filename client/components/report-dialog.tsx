import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { ReportBody } from '@common/contracts/reports';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '@common/contracts/reports-values';
import { serverErrorMessage } from '../lib/api-error';
import { useReport } from '../lib/reports';
import { toast } from '../lib/toast';
import { Button } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';
import { IconButton } from './ui/icon-button';
import { Label } from './ui/label';
import { RadioGroup, RadioGroupItem } from './ui/radio-group';
import { Textarea } from './ui/textarea';

const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  inappropriate: 'Inappropriate',
  other: 'Something else',
};

/**
 * "Report" for a message or a member (decision 55): a dialog with the reason (radio buttons) and an
 * optional note for the coaches. `trigger` is 'icon' (a small flag beside a message) or 'button'.
 */
export function ReportDialog({
  target,
  what,
  trigger = 'icon',
  open: openProp,
  onOpenChange,
}: {
  target: Omit<ReportBody, 'reason' | 'note'>;
  /** What is reported, for the title: "this message", "Ann". */
  what: string;
  /** 'none': opened from elsewhere (a message's menu) through `open` and `onOpenChange`. */
  trigger?: 'icon' | 'button' | 'none';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const report = useReport();
  const noteId = useId();
  const reasonLabel = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) return;
    report.mutate(
      { ...target, reason, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          setNote('');
          toast({ title: 'Reported', description: 'Thank you: a coach will look at it.' });
        },
        onError: (error) =>
          toast({
            title: 'Could not report',
            description: serverErrorMessage(error) ?? 'Try again',
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger === 'none' ? null : trigger === 'icon' ? (
        <IconButton
          label={`Report ${what}`}
          className="size-7 text-muted-foreground"
          onClick={() => setOpen(true)}
        >
          <Flag aria-hidden="true" className="size-3.5" />
        </IconButton>
      ) : (
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          <Flag aria-hidden="true" />
          Report
        </Button>
      )}
      <DialogContent>
        <form onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Report {what}</DialogTitle>
            <DialogDescription>Only coaches see reports. Nobody is told who reported.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <p id={reasonLabel} className="text-sm font-medium">
              Why?
            </p>
            <RadioGroup
              aria-labelledby={reasonLabel}
              value={reason}
              onValueChange={(v) => setReason(v as ReportReason)}
              required
            >
              {REPORT_REASONS.map((r) => (
                <div key={r} className="flex items-center gap-2">
                  <RadioGroupItem value={r} id={`${noteId}-${r}`} />
                  <Label htmlFor={`${noteId}-${r}`} className="font-normal">
                    {REASON_LABELS[r]}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={noteId}>Note for the coaches (optional)</Label>
            <Textarea
              id={noteId}
              rows={3}
              maxLength={REPORT_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!reason || report.isPending}>
              {report.isPending ? 'Sending…' : 'Send report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
