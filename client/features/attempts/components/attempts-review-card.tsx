import { ArrowRight, ClipboardCheck } from 'lucide-react';
import { Link } from 'wouter';
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
    <section
      aria-labelledby="attempts-review-card-title"
      className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm dark:shadow-black/40"
    >
      <Link
        href={ATTEMPTS_REVIEW_PATH}
        className="group flex items-center gap-3 px-4 py-3 transition-colors hover:bg-accent/40 focus-visible:-outline-offset-2 sm:gap-4 sm:px-5 sm:py-4"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/15 text-brand sm:size-11">
          <ClipboardCheck aria-hidden="true" className="size-5" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="text-xs font-bold uppercase tracking-[0.15em] text-brand">Coach</span>
          <h2 id="attempts-review-card-title" className="truncate font-semibold sm:text-lg">
            Attempts to review{count === undefined ? '' : ` (${count})`}
          </h2>
          <span className="truncate text-xs text-muted-foreground sm:text-sm">
            {count === 0 ? 'All caught up' : 'Lessons and chat, oldest first'}
          </span>
        </span>
        <ArrowRight
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-brand"
        />
      </Link>
    </section>
  );
}
