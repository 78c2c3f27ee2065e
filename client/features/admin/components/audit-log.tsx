import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AuditEntry } from '@common/contracts/moderation';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/spinner';
import { serverErrorMessage } from '../../../lib/api-error';
import { memberPath } from '../../../lib/paths';
import { formatFullTime } from '../../../lib/relative-time';
import { useAudit } from '../api/get-audit';

const ADMISSION: Record<string, string> = {
  open: 'open to anyone',
  approval: 'by a coach’s approval',
  invite: 'by invitation only',
};
const KIND: Record<string, string> = {
  chat: 'a chat message',
  discussion: 'a discussion message',
  attempt: 'an attempt',
};

/** '@alice' as a link to her page, or 'a deleted account' once the account is gone (its id is null). */
function Who({ who }: { who: { id: string | null; username: string | null } | null }) {
  if (!who?.username) return <span>someone</span>;
  if (!who.id) return <span>@{who.username} (account deleted)</span>;
  return (
    <Link href={memberPath(who.username)} className="font-semibold underline-offset-2 hover:underline">
      @{who.username}
    </Link>
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const date = (value: unknown) => (typeof value === 'string' ? formatFullTime(value) : null);

/** The entry as a sentence after the coach's name: 'suspended @bob until 12 Dec 2026, 23:59'. */
function whatHappened(entry: AuditEntry): ReactNode {
  const target = <Who who={entry.target} />;
  const d = entry.details;
  switch (entry.action) {
    case 'message.removed':
      return (
        <>
          removed {KIND[entry.subject?.kind ?? ''] ?? 'a message'} by {target}
        </>
      );
    case 'member.suspended': {
      const until = date(d.until);
      return (
        <>
          suspended {target}
          {until ? ` until ${until}` : ''}
          {d.removeMessages === true ? ', removing everything they posted' : ''}
        </>
      );
    }
    case 'member.unsuspended':
      return <>lifted the suspension of {target}</>;
    case 'join-request.approved':
      return <>approved the join request of {target}</>;
    case 'join-request.declined':
      return <>declined the join request of {target}</>;
    case 'invite.created': {
      const limits = [
        typeof d.maxUses === 'number' ? `for ${d.maxUses} use${d.maxUses === 1 ? '' : 's'}` : null,
        date(d.expiresAt) ? `until ${date(d.expiresAt)}` : null,
      ].filter(Boolean);
      return <>created an invitation{limits.length ? ` ${limits.join(', ')}` : ''}</>;
    }
    case 'invite.revoked':
      return <>revoked an invitation</>;
    case 'report.resolved': {
      const count = typeof d.reports === 'number' ? d.reports : 0;
      const reports = count ? ` (${count} report${count === 1 ? '' : 's'})` : '';
      const resolution = text(d.resolution);
      if (resolution === 'delete')
        return (
          <>
            deleted the reported message of {target}
            {reports}
          </>
        );
      if (resolution === 'suspend')
        return (
          <>
            suspended {target} from the reports{reports}
          </>
        );
      return (
        <>
          dismissed the reports on {target}
          {reports}
        </>
      );
    }
    case 'community.updated': {
      const change = d.admission as { from?: string; to?: string } | undefined;
      const zone = d.timeZone as { from?: string; to?: string } | undefined;
      if (zone && !change) return <>set the community's time zone to {zone.to ?? 'another'}</>;
      return <>made joining {ADMISSION[change?.to ?? ''] ?? change?.to ?? 'different'}</>;
    }
    default:
      return <>{entry.action}</>;
  }
}

/** What a removal or a report kept: the message's text as it was, or its kind for a file. */
function Kept({ entry }: { entry: AuditEntry }) {
  const d = entry.details;
  const snapshot = (d.snapshot ?? null) as { content?: unknown; messageType?: unknown } | null;
  const type = text(d.messageType) ?? text(snapshot?.messageType);
  const content = text(d.content) ?? text(snapshot?.content);
  if (!content) return null;
  return (
    <blockquote className="whitespace-pre-wrap break-words border-l-2 pl-3 text-sm text-muted-foreground">
      {type && type !== 'text' && type !== 'attempt' ? `(${type})` : content}
    </blockquote>
  );
}

/**
 * The moderation log (decision 53) for coaches: every removal, suspension, approval, invitation and
 * report resolution, newest first, with who did it, to whom, when and why. Nothing in it can be deleted.
 */
export function AuditLog() {
  const audit = useAudit();
  if (audit.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (audit.isError) {
    return (
      <Card className="p-6 text-sm" role="alert">
        {serverErrorMessage(audit.error) ?? 'Could not load the moderation log.'}
      </Card>
    );
  }
  const entries = audit.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    return <Card className="p-6 text-sm text-muted-foreground">Nothing has been moderated yet.</Card>;
  }
  return (
    <div className="grid gap-4">
      <ol className="grid gap-3" aria-label="Moderation log">
        {entries.map((entry) => (
          <li key={entry.id}>
            <Card className="grid gap-2 p-4">
              <p className="text-sm">
                <Who who={entry.actor} /> {whatHappened(entry)}
              </p>
              {entry.reason ? (
                <p className="text-sm">
                  <span className="font-semibold">Reason:</span> {entry.reason}
                </p>
              ) : null}
              <Kept entry={entry} />
              <p className="text-xs text-muted-foreground">
                <time dateTime={entry.at}>{formatFullTime(entry.at)}</time>
              </p>
            </Card>
          </li>
        ))}
      </ol>
      {audit.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {audit.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </Button>
      ) : null}
    </div>
  );
}
