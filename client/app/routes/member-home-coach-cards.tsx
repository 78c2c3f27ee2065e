import { AttemptsReviewCard } from '../../features/attempts/components/attempts-review-card';
import { CommunityCard } from '../../features/admin/components/community-card';
import { ReportsCard } from '../../features/admin/components/reports-card';

/**
 * A coach's cards on the home page: attempts to review, the community (join requests), the reports.
 * A module of its own, loaded only for an admin (docs/decisions.md decision 70): a member's home never
 * loads their code nor the admin queries they read.
 */
export default function CoachHomeCards() {
  return (
    <>
      <AttemptsReviewCard isAdmin />
      <CommunityCard isAdmin />
      <ReportsCard isAdmin />
    </>
  );
}
