import { AttemptsInbox } from '../../features/attempts/components/attempts-inbox';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/document-title';
import { RequireMember } from '../require-member';

/** /attempts/review, for admins (issue 30): the coaches' inbox of attempts; members are told it is not theirs. */
export default function AttemptsReviewPage() {
  useDocumentTitle('Attempts to review');
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <RequireMember>
        {(user) =>
          user.isAdmin ? (
            <AttemptsInbox />
          ) : (
            <Card className="grid gap-2 p-6">
              <h2 className="font-display text-2xl font-black tracking-tight">Attempts to review</h2>
              <p className="text-sm text-muted-foreground">Only administrators can review attempts.</p>
            </Card>
          )
        }
      </RequireMember>
    </div>
  );
}
