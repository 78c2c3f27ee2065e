import { Card } from '../../components/ui/card';
import { ReportsQueue } from '../../features/admin/components/reports-queue';
import { useDocumentTitle } from '../../lib/document-title';
import { RequireMember } from '../require-member';

/**
 * /admin/reports, for admins (decision 55): the open reports grouped by what was reported, each with the
 * message as it was reported, and Dismiss / Delete message / Suspend member.
 */
export default function ReportsAdminPage() {
  useDocumentTitle('Reports');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <RequireMember>
        {(user) =>
          user.isAdmin ? (
            <>
              <h2 className="font-display text-2xl font-black tracking-tight sm:text-3xl">Reports</h2>
              <ReportsQueue />
            </>
          ) : (
            <Card className="grid gap-2 p-6">
              <h2 className="font-display text-2xl font-black tracking-tight">Reports</h2>
              <p className="text-sm text-muted-foreground">Only coaches can review reports.</p>
            </Card>
          )
        }
      </RequireMember>
    </div>
  );
}
