import { ClipboardCheck } from 'lucide-react';
import { LinkCard } from '../../../components/link-card';
import { ATTEMPTS_REVIEW_PATH } from '../../../lib/paths';
import { useAttemptsAwaitingCount } from '../api/get-attempts-review';

/**
 * For admins on the home page (issue 30): 'Attempts to review (N)', leading to the review page. Members
 * never see it (nor ask for the count).
 */
export function AttemptsReviewCard({ isAdmin }: { isAdmin: boolean }) {
  const { count } = useAttemptsAwaitingCount({ enabled: isAdmin });
  if (!isAdmin) return null;
  return (
    <LinkCard
      href={ATTEMPTS_REVIEW_PATH}
      icon={ClipboardCheck}
      eyebrow="Coach"
      title={`Attempts to review${count === undefined ? '' : ` (${count})`}`}
      detail={count === 0 ? 'All caught up' : 'Lessons and chat, oldest first'}
      headingId="attempts-review-card-title"
    />
  );
}
