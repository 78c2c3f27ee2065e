import { useQuery } from '@tanstack/react-query';
import { ShieldBan, ShieldCheck } from 'lucide-react';
import type { MemberProfile } from '@common/contracts/members';
import { ReportDialog } from '../../../components/report-dialog';
import { Button } from '../../../components/ui/button';
import { blockedMembersQueryOptions, useBlock } from '../../../lib/reports';

/**
 * Report and Block / Unblock on another member's page (decision 55). A coach cannot be blocked (their
 * moderation reaches everyone), so a coach's page offers Report only; a coach viewing offers neither.
 */
export function MemberSafety({ profile, viewerIsAdmin }: { profile: MemberProfile; viewerIsAdmin: boolean }) {
  const blocked = useQuery(blockedMembersQueryOptions());
  const block = useBlock();
  if (viewerIsAdmin) return null;
  const isBlocked = blocked.data?.some((b) => b.username === profile.username) ?? false;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <ReportDialog target={{ username: profile.username }} what={profile.name} trigger="button" />
      {profile.isAdmin ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={block.isPending || blocked.isPending}
          onClick={() => block.mutate({ username: profile.username, block: !isBlocked })}
        >
          {isBlocked ? <ShieldCheck aria-hidden="true" /> : <ShieldBan aria-hidden="true" />}
          {isBlocked ? 'Unblock' : 'Block'}
        </Button>
      )}
    </div>
  );
}
