import { KeyRound, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AdminMember } from '@common/contracts/admin';
import { CopyButton } from '../../../components/copy-button';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useResetMemberPassword } from '../api/reset-member-password';
import { credentialsText } from '../credentials-text';
import { MemberSuspension } from './member-suspension';
import { memberPath } from '../../../lib/paths';

/**
 * One member in the credentials viewer: name (a link to their profile), e-mail, payment status, admin
 * mark, copy, and Reset password — confirmed first, then the temporary password shown once.
 */
export function MemberCredentialsEntry({
  member,
  isSelf,
  onNavigate,
}: {
  member: AdminMember;
  isSelf: boolean;
  onNavigate: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const reset = useResetMemberPassword();
  const temporaryPassword = reset.data?.temporaryPassword ?? null;

  return (
    // The card never grows past the list: long names and addresses are cut (whole in their title) and the
    // line of statuses wraps, so at 375 px it stays inside the dialog (issue 30).
    <li className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border bg-card/60 p-3 sm:p-4">
      <div className="flex min-w-0 items-start gap-3">
        <Avatar name={member.name} src={null} decorative className="size-10 text-xs" />
        <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              href={memberPath(member.username)}
              onClick={onNavigate}
              title={member.name}
              className="min-w-0 max-w-full truncate font-semibold underline-offset-4 hover:text-brand hover:underline"
            >
              {member.name}
            </Link>
            {member.isAdmin ? <Badge className="px-2 text-[0.65rem]">ADMIN</Badge> : null}
            {isSelf ? <span className="text-xs text-muted-foreground">(you)</span> : null}
            {member.membership !== 'active' ? (
              <Badge variant="outline" className="px-2 text-[0.65rem]">
                {member.membership === 'pending' ? 'AWAITING APPROVAL' : 'DECLINED'}
              </Badge>
            ) : null}
          </div>
          <p title={member.email} className="truncate text-sm text-muted-foreground">
            {member.email}
          </p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span className="flex items-center gap-1.5 whitespace-nowrap">
              Payment status:
              <Badge variant="outline" className="px-2 text-[0.65rem]">
                {member.paymentStatus}
              </Badge>
            </span>
            <span className="whitespace-nowrap">
              Lessons done:{' '}
              <span className="font-semibold tabular-nums text-foreground">{member.lessonsDone} / 36</span>
            </span>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <CopyButton text={credentialsText(member)} label={`Copy credentials for ${member.name}`} />
          {isSelf || temporaryPassword ? null : (
            <Button
              size="sm"
              variant="outline"
              className="hidden sm:inline-flex"
              aria-expanded={confirming}
              disabled={confirming || reset.isPending}
              onClick={() => setConfirming(true)}
            >
              <KeyRound aria-hidden="true" />
              Reset password
            </Button>
          )}
        </div>
      </div>
      {isSelf || temporaryPassword || confirming ? null : (
        <Button
          size="sm"
          variant="outline"
          className="sm:hidden"
          disabled={reset.isPending}
          onClick={() => setConfirming(true)}
        >
          <KeyRound aria-hidden="true" />
          Reset password
        </Button>
      )}
      {confirming && !temporaryPassword ? (
        <div
          role="group"
          aria-label={`Reset the password of ${member.name}`}
          className="grid gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3"
        >
          <p className="flex gap-2 text-sm">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            <span>
              Reset the password of {member.name}? Their sessions end at once and they must choose a new
              password at next sign-in.
            </span>
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button size="sm" variant="ghost" disabled={reset.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              size="sm"
              variant="destructive"
              disabled={reset.isPending}
              onClick={() => reset.mutate(member.id, { onSuccess: () => setConfirming(false) })}
            >
              {reset.isPending ? 'Resetting...' : 'Confirm reset'}
            </Button>
          </div>
        </div>
      ) : null}
      {isSelf || member.isAdmin ? null : <MemberSuspension member={member} />}
      {temporaryPassword ? (
        <div
          role="group"
          aria-label={`Temporary password for ${member.name}`}
          className="grid gap-2 rounded-md border border-primary/40 bg-primary/10 p-3"
        >
          <p className="text-xs font-bold uppercase tracking-[0.15em] text-muted-foreground">
            Temporary password
          </p>
          <div className="flex items-center gap-2">
            <code
              data-testid="temporary-password"
              className="min-w-0 flex-1 break-all rounded-md border bg-background px-3 py-2 font-mono text-sm"
            >
              {temporaryPassword}
            </code>
            <CopyButton text={temporaryPassword} label="Copy temporary password" variant="outline" />
          </div>
          <p className="text-sm text-muted-foreground">
            It is shown only this once. {member.name} must change it at next sign-in; their sessions were
            ended.
          </p>
        </div>
      ) : null}
    </li>
  );
}
