import { Ban, MessageSquareX, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { ReportedTarget, ResolveReportBody } from '@common/contracts/reports';
import { isMediaUrl } from '@common/media-url';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { memberPath } from '../../../lib/paths';
import { useReportQueue, useResolveReport } from '../api/reports';

const WHAT: Record<ReportedTarget['kind'], string> = {
  chat: 'Chat message',
  discussion: 'Discussion message',
  member: 'Member',
};

/** The reported message as it read when reported (decision 55). */
function Snapshot({ target }: { target: ReportedTarget }) {
  const s = target.snapshot;
  if (!s) return null;
  const media = s.messageType !== 'text' && s.messageType !== 'attempt' && isMediaUrl(s.content);
  return (
    <figure className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm">
      <figcaption className="text-xs text-muted-foreground">
        As reported, {new Date(s.createdAt).toLocaleString()}
        {s.thread ? ` · ${s.thread.thinkTank} / ${s.thread.topic} / ${s.thread.lesson}` : ''}
        {target.messageGone ? ' · no longer in the room' : ''}
      </figcaption>
      {media ? (
        <a href={s.content} target="_blank" rel="noreferrer" className="text-brand underline">
          Open the {s.messageType}
        </a>
      ) : (
        <blockquote className="whitespace-pre-wrap break-words">{s.content}</blockquote>
      )}
    </figure>
  );
}

function TargetCard({ target }: { target: ReportedTarget }) {
  const resolve = useResolveReport();
  const [suspending, setSuspending] = useState(false);
  const [reason, setReason] = useState('');
  const [removeMessages, setRemoveMessages] = useState(false);
  const reasonId = useId();
  const removeId = useId();
  const act = (body: ResolveReportBody) => resolve.mutate({ target: target.target, body });
  const busy = resolve.isPending;
  const headingId = useId();
  return (
    <Card className="grid gap-3 p-4 sm:p-5" aria-labelledby={headingId} role="article">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="min-w-0 flex-1 font-semibold">
          {target.kind === 'member' ? 'Member' : `${WHAT[target.kind]} by`}{' '}
          <Link href={memberPath(target.member.username)} className="underline-offset-2 hover:underline">
            {target.member.name}
          </Link>
        </h3>
        <Badge variant="outline">
          {target.count} {target.count === 1 ? 'report' : 'reports'}
        </Badge>
        {target.member.suspended ? (
          <Badge variant="outline" className="border-destructive/50 text-destructive">
            Suspended
          </Badge>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">Reasons: {target.reasons.join(', ')}</p>
      <Snapshot target={target} />
      <ul className="grid gap-1 text-sm">
        {target.reports.map((r) => (
          <li key={r.id} className="break-words">
            <span className="font-medium">{r.reporter.name}</span>{' '}
            <span className="text-muted-foreground">
              ({r.reason}, {new Date(r.createdAt).toLocaleDateString()})
            </span>
            {r.note ? <>: “{r.note}”</> : null}
          </li>
        ))}
      </ul>
      {suspending ? (
        <form
          className="grid gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3"
          aria-label={`Suspend ${target.member.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            act({ action: 'suspend', reason: reason.trim(), removeMessages });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={reasonId}>Reason for the suspension</Label>
            <Textarea
              id={reasonId}
              rows={2}
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="flex items-center gap-3">
            <Switch id={removeId} checked={removeMessages} onCheckedChange={setRemoveMessages} />
            <Label htmlFor={removeId} className="text-sm font-normal">
              Also remove everything they posted
            </Label>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" size="sm" variant="ghost" onClick={() => setSuspending(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" variant="destructive" disabled={busy || !reason.trim()}>
              Confirm suspension
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={busy} onClick={() => act({ action: 'dismiss' })}>
            <X aria-hidden="true" />
            Dismiss
          </Button>
          {target.kind !== 'member' && !target.messageGone ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => act({ action: 'delete', reason: `Reported: ${target.reasons.join(', ')}` })}
            >
              <MessageSquareX aria-hidden="true" />
              Delete message
            </Button>
          ) : null}
          {!target.member.suspended ? (
            <Button size="sm" variant="destructive" disabled={busy} onClick={() => setSuspending(true)}>
              <Ban aria-hidden="true" />
              Suspend member
            </Button>
          ) : null}
        </div>
      )}
    </Card>
  );
}

/** The coaches' report queue (decision 55): one card per reported thing, longest waiting first. */
export function ReportsQueue() {
  const query = useReportQueue();
  if (query.isPending) return <Spinner />;
  if (query.isError) return <p className="text-sm text-destructive">The reports could not be read.</p>;
  if (query.data.length === 0) {
    return (
      <Card className="p-6 text-sm text-muted-foreground">No open reports. Nothing needs a coach now.</Card>
    );
  }
  return (
    <div className="grid gap-4">
      {query.data.map((t) => (
        <TargetCard key={t.target} target={t} />
      ))}
    </div>
  );
}
