import { Ban, Link2, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Invite } from '@common/contracts/community';
import { INVITE_MAX_USES } from '@common/contracts/community-values';
import { CopyButton } from '../../../components/copy-button';
import { RelativeTime } from '../../../components/relative-time';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { useCreateInvite, useInvites, useRevokeInvite } from '../api/invites';

const STATE_LABEL: Record<Invite['state'], string> = {
  active: 'ACTIVE',
  expired: 'EXPIRED',
  revoked: 'REVOKED',
  'used-up': 'USED UP',
};

/** A date picked in the form (YYYY-MM-DD) as the end of that day, here, in ISO 8601. */
function endOfDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59).toISOString();
}

function InviteRow({ invite }: { invite: Invite }) {
  const revoke = useRevokeInvite();
  const uses = invite.maxUses === null ? `${invite.uses} used` : `${invite.uses} of ${invite.maxUses} used`;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border bg-card/60 p-3">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant={invite.state === 'active' ? 'default' : 'outline'} className="px-2 text-[0.65rem]">
            {STATE_LABEL[invite.state]}
          </Badge>
          <span className="font-semibold tabular-nums">{uses}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          Made <RelativeTime time={invite.createdAt} />
          {invite.createdBy ? ` by ${invite.createdBy.name}` : ''}
          {invite.expiresAt ? (
            <>
              {' · '}
              {invite.state === 'expired' ? 'expired ' : 'expires '}
              <RelativeTime time={invite.expiresAt} />
            </>
          ) : (
            ' · no end date'
          )}
        </p>
      </div>
      {invite.state === 'active' ? (
        <Button
          size="sm"
          variant="outline"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(invite.id)}
          aria-label={`Revoke the invitation made ${new Date(invite.createdAt).toLocaleString()}`}
        >
          <Ban aria-hidden="true" />
          Revoke
        </Button>
      ) : null}
    </li>
  );
}

/**
 * Invitations (decision 54): make a link (any number of uses or at most N, no end date or until a day),
 * shown once to copy since only its hash is kept; the list with each one's uses and state; Revoke.
 */
export function InvitesCard() {
  const titleId = useId();
  const usesId = useId();
  const expiresId = useId();
  const query = useInvites();
  const create = useCreateInvite();
  const [maxUses, setMaxUses] = useState('');
  const [expires, setExpires] = useState('');
  const [link, setLink] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      {
        ...(maxUses ? { maxUses: Number(maxUses) } : {}),
        ...(expires ? { expiresAt: endOfDay(expires) } : {}),
      },
      {
        onSuccess: (data) => {
          setLink(data.link);
          setMaxUses('');
          setExpires('');
        },
      },
    );
  }

  const today = new Date();
  const minDate = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const invites = query.data?.invites ?? [];
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <h3 id={titleId} className="text-lg font-bold uppercase leading-tight tracking-wide">
          Invitations
        </h3>
        <CardDescription>
          Someone who registers through an invitation link joins at once, whatever the setting above.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor={usesId}>Uses (optional)</Label>
            <Input
              id={usesId}
              type="number"
              inputMode="numeric"
              min={1}
              max={INVITE_MAX_USES}
              step={1}
              placeholder="Any number"
              value={maxUses}
              onChange={(e) => setMaxUses(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={expiresId}>Valid until (optional)</Label>
            <Input
              id={expiresId}
              type="date"
              min={minDate}
              value={expires}
              onChange={(e) => setExpires(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={create.isPending}>
            <Plus aria-hidden="true" />
            {create.isPending ? 'Creating…' : 'Create invitation'}
          </Button>
        </form>
        {link ? (
          <div
            role="group"
            aria-label="New invitation link"
            className="grid gap-2 rounded-md border border-primary/40 bg-primary/10 p-3"
          >
            <p className="flex items-center gap-2 text-xs font-bold uppercase tracking-[0.15em] text-muted-foreground">
              <Link2 aria-hidden="true" className="size-4" />
              New invitation link
            </p>
            <div className="flex items-center gap-2">
              <code
                data-testid="invite-link"
                className="min-w-0 flex-1 break-all rounded-md border bg-background px-3 py-2 font-mono text-xs sm:text-sm"
              >
                {link}
              </code>
              <CopyButton text={link} label="Copy invitation link" variant="outline" />
            </div>
            <p className="text-sm text-muted-foreground">
              Copy it now: it is shown only this once. Send it to the people you invite.
            </p>
          </div>
        ) : null}
        {query.isPending ? (
          <Spinner label="Loading invitations" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the invitations
          </p>
        ) : invites.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invitations yet.</p>
        ) : (
          <ul aria-label="Invitations" className="grid gap-2">
            {invites.map((invite) => (
              <InviteRow key={invite.id} invite={invite} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
