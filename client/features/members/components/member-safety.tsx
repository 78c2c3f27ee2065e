import { useQuery } from '@tanstack/react-query';
import { Flag, ShieldBan, ShieldCheck } from 'lucide-react';
import { Suspense, useState, type ComponentProps } from 'react';
import type { MemberProfile } from '@common/contracts/members';
import { Button } from '../../../components/ui/button';
import { preloadable } from '../../../lib/preloadable';
import { blockedMembersQueryOptions, useBlock } from '../../../lib/reports';
import type { ReportDialog as ReportDialogComponent } from '../../../components/report-dialog';

// Loaded when Report is pointed at or focused, drawn once first opened (docs/decisions.md decision 70).
const ReportDialog = preloadable<
  ComponentProps<typeof ReportDialogComponent>,
  { default: typeof ReportDialogComponent }
>(() => import('../../../components/report-dialog').then((m) => ({ default: m.ReportDialog })));
const preloadReport = () => void ReportDialog.preload().catch(() => undefined);

/**
 * Report and Block / Unblock on another member's page (decision 55). A coach cannot be blocked (their
 * moderation reaches everyone), so a coach's page offers Report only; a coach viewing offers neither.
 */
export function MemberSafety({ profile, viewerIsAdmin }: { profile: MemberProfile; viewerIsAdmin: boolean }) {
  const blocked = useQuery(blockedMembersQueryOptions());
  const block = useBlock();
  const [reporting, setReporting] = useState(false);
  const [reportOpened, setReportOpened] = useState(false);
  if (viewerIsAdmin) return null;
  const isBlocked = blocked.data?.some((b) => b.username === profile.username) ?? false;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button
        variant="outline"
        size="sm"
        onPointerEnter={preloadReport}
        onFocus={preloadReport}
        onClick={() => {
          setReportOpened(true);
          setReporting(true);
        }}
      >
        <Flag aria-hidden="true" />
        Report
      </Button>
      {reportOpened ? (
        <Suspense fallback={null}>
          <ReportDialog
            target={{ username: profile.username }}
            what={profile.name}
            trigger="none"
            open={reporting}
            onOpenChange={setReporting}
          />
        </Suspense>
      ) : null}
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
