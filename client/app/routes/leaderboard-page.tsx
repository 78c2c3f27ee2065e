import { LeaderboardBoard } from '../../features/leaderboard/components/leaderboard-board';
import { useDocumentTitle } from '../../lib/document-title';
import { RequireMember } from '../require-member';

/** /leaderboard (issue 34 §3, decision 83): the week's, month's and all time's board, for members. */
export default function LeaderboardPage() {
  useDocumentTitle('Leaderboard');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <RequireMember>{(user) => <LeaderboardBoard username={user.username} />}</RequireMember>
    </div>
  );
}
