import { MyAttempts } from '../../features/attempts/components/my-attempts';
import { useDocumentTitle } from '../../lib/document-title';
import { RequireMember } from '../require-member';

/** /attempts (issue 30 part 4): the member's own attempts and their coaches' replies. */
export default function MyAttemptsPage() {
  useDocumentTitle('My attempts');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <RequireMember>{() => <MyAttempts />}</RequireMember>
    </div>
  );
}
