import { Card } from '../../components/ui/card';
import { AdmissionSettings } from '../../features/admin/components/admission-settings';
import { InvitesCard } from '../../features/admin/components/invites-card';
import { JoinRequestsCard } from '../../features/admin/components/join-requests-card';
import { TimeZoneSetting } from '../../features/admin/components/time-zone-setting';
import { useDocumentTitle } from '../../lib/document-title';
import { RequireMember } from '../require-member';

/**
 * /admin/community, for admins (decision 54): who can join (open, approval, invitation), the
 * community's time zone (decision 83), the join
 * requests to approve or decline, and the invitations. Members are told it is not theirs.
 */
export default function CommunityAdminPage() {
  useDocumentTitle('Community');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <RequireMember>
        {(user) =>
          user.isAdmin ? (
            <>
              <h2 className="font-display text-2xl font-black tracking-tight sm:text-3xl">Community</h2>
              <AdmissionSettings />
              <TimeZoneSetting />
              <JoinRequestsCard />
              <InvitesCard />
            </>
          ) : (
            <Card className="grid gap-2 p-6">
              <h2 className="font-display text-2xl font-black tracking-tight">Community</h2>
              <p className="text-sm text-muted-foreground">Only coaches can manage the community.</p>
            </Card>
          )
        }
      </RequireMember>
    </div>
  );
}
