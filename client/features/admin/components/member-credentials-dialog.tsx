import { RotateCw, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminMember } from '@common/contracts/admin';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { useAdminMembers } from '../api/get-admin-members';
import { MemberCredentialsEntry } from './member-credentials-entry';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function Stat({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm font-semibold">
      <span className="text-brand [&_svg]:size-4">{icon}</span>
      {children}
    </p>
  );
}

function MemberList({ members, onNavigate }: { members: AdminMember[]; onNavigate: () => void }) {
  const { user } = useCurrentUser();
  const admins = members.filter((m) => m.isAdmin).length;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid grid-cols-2 gap-2">
        <Stat icon={<ShieldCheck aria-hidden="true" />}>{plural(admins, 'admin', 'admins')}</Stat>
        <Stat icon={<Users aria-hidden="true" />}>
          {plural(members.length - admins, 'regular member', 'regular members')}
        </Stat>
      </div>
      {members.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No members found</p>
      ) : (
        <ul aria-label="Members" className="grid min-w-0 gap-2">
          {members.map((member) => (
            <MemberCredentialsEntry
              key={member.id}
              member={member}
              isSelf={member.id === user?.id}
              onNavigate={onNavigate}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The member credentials viewer (admins, docs/decisions.md decision 1): every member without any password, the
 * counts of admins and regular members, copy, a link to each profile and Reset password. The list is
 * fetched only while the dialog is open.
 */
export function MemberCredentialsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useAdminMembers({ enabled: open });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl focus-visible:outline-none"
        // The list may still be loading: focus the panel, not its only button (Close) and its tooltip.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Member Credentials</DialogTitle>
          <DialogDescription>
            Every member&apos;s name, e-mail and payment status. Passwords are never shown: reset one to give
            the member a temporary password.
          </DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <div className="grid place-items-center py-10">
            <Spinner label="Loading members" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-center gap-3 py-8 text-center">
            <p className="text-sm text-muted-foreground">Failed to load members</p>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <MemberList members={query.data} onNavigate={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
