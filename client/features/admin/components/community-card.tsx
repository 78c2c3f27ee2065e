import { ArrowRight, UsersRound } from 'lucide-react';
import { Link } from 'wouter';
import { COMMUNITY_ADMIN_PATH } from '../../../lib/paths';
import { useJoinRequests } from '../api/join-requests';

/**
 * For admins on the home page (decision 54): 'Community', with the number of join requests waiting,
 * leading to the Community page (who can join, join requests, invitations). Members never see it.
 */
export function CommunityCard({ isAdmin }: { isAdmin: boolean }) {
  const query = useJoinRequests({ enabled: isAdmin });
  if (!isAdmin) return null;
  const waiting = query.data?.requests.filter((r) => r.status === 'pending').length;
  return (
    <section
      aria-labelledby="community-card-title"
      className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm dark:shadow-black/40"
    >
      <Link
        href={COMMUNITY_ADMIN_PATH}
        className="group flex items-center gap-3 px-4 py-3 transition-colors hover:bg-accent/40 focus-visible:-outline-offset-2 sm:gap-4 sm:px-5 sm:py-4"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/15 text-brand sm:size-11">
          <UsersRound aria-hidden="true" className="size-5" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="text-xs font-bold uppercase tracking-[0.15em] text-brand">Coach</span>
          <h2 id="community-card-title" className="truncate font-semibold sm:text-lg">
            Community
          </h2>
          <span className="truncate text-xs text-muted-foreground sm:text-sm">
            {waiting
              ? `${waiting} join ${waiting === 1 ? 'request' : 'requests'} waiting`
              : 'Who can join, invitations'}
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
