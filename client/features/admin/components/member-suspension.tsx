import { Ban, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AdminMember } from '@common/contracts/admin';
import { SUSPENSION_REASON_MAX } from '@common/contracts/community-values';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { useSuspendMember, useUnsuspendMember } from '../api/suspend-member';

/** Whether a suspension still holds (no end date, or one still to come). */
export function suspensionHolds(member: AdminMember, now = Date.now()): boolean {
  const s = member.suspension;
  return s !== null && (s.until === null || Date.parse(s.until) > now);
}

/** A date picked in the form (YYYY-MM-DD) as the end of that day, here, in ISO 8601. */
function endOfDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59).toISOString();
}

/**
 * Suspend (a reason, an optional last day, optionally removing everything they posted) or Unsuspend,
 * for one member of the admin's member list (decision 54). Not offered for oneself or another admin.
 */
export function MemberSuspension({ member }: { member: AdminMember }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [removeMessages, setRemoveMessages] = useState(false);
  const suspend = useSuspendMember();
  const unsuspend = useUnsuspendMember();
  const reasonId = useId();
  const untilId = useId();
  const removeId = useId();

  if (suspensionHolds(member)) {
    const s = member.suspension!;
    return (
      <div className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
        <p className="flex gap-2">
          <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <span>
            Suspended{s.until ? ` until ${new Date(s.until).toLocaleString()}` : ''}: {s.reason}
          </span>
        </p>
        <Button
          size="sm"
          variant="outline"
          className="justify-self-end"
          disabled={unsuspend.isPending}
          onClick={() => unsuspend.mutate(member.id)}
        >
          <ShieldCheck aria-hidden="true" />
          Unsuspend
        </Button>
      </div>
    );
  }

  if (!open) {
    return (
      <Button
        size="sm"
        variant="outline"
        className="justify-self-start"
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        <Ban aria-hidden="true" />
        Suspend
      </Button>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    suspend.mutate(
      {
        id: member.id,
        body: { reason, ...(until ? { until: endOfDay(until) } : {}), removeMessages },
      },
      { onSuccess: () => setOpen(false) },
    );
  }

  return (
    <form
      onSubmit={submit}
      aria-label={`Suspend ${member.name}`}
      className="grid gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3"
    >
      <p className="flex gap-2 text-sm">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        <span>
          Suspend {member.name}? They are signed out everywhere at once and cannot sign in until the
          suspension ends. They see the reason when they try.
        </span>
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor={reasonId}>Reason</Label>
        <Textarea
          id={reasonId}
          required
          rows={2}
          maxLength={SUSPENSION_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5 sm:max-w-60">
        <Label htmlFor={untilId}>Last day (optional)</Label>
        <Input id={untilId} type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
      </div>
      <div className="flex items-center gap-3">
        <Switch id={removeId} checked={removeMessages} onCheckedChange={setRemoveMessages} />
        <Label htmlFor={removeId} className="text-sm font-normal">
          Also remove everything they posted (chat, discussions, attempts)
        </Label>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={suspend.isPending}
          onClick={() => setOpen(false)}
        >
          Cancel
        </Button>
        <Button type="submit" size="sm" variant="destructive" disabled={suspend.isPending || !reason.trim()}>
          {suspend.isPending ? 'Suspending…' : 'Confirm suspension'}
        </Button>
      </div>
    </form>
  );
}
