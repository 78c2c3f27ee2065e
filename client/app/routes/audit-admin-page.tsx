import { AuditLog } from '../../features/admin/components/audit-log';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/document-title';
import { RequireMember } from '../require-member';

/**
 * /admin/audit, for admins (decision 53): the moderation log, newest first: who removed, suspended,
 * approved, invited or resolved what, when and why.
 */
export default function AuditAdminPage() {
  useDocumentTitle('Moderation log');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <RequireMember>
        {(user) =>
          user.isAdmin ? (
            <>
              <h2 className="font-display text-2xl font-black tracking-tight sm:text-3xl">Moderation log</h2>
              <AuditLog />
            </>
          ) : (
            <Card className="grid gap-2 p-6">
              <h2 className="font-display text-2xl font-black tracking-tight">Moderation log</h2>
              <p className="text-sm text-muted-foreground">Only coaches can read the moderation log.</p>
            </Card>
          )
        }
      </RequireMember>
    </div>
  );
}
