import { ArrowRight, Flag } from 'lucide-react';
import { Link } from 'wouter';
import { REPORTS_ADMIN_PATH } from '../../../lib/paths';
import { useReportCount } from '../../../lib/reports';

/**
 * For admins on the home page (decision 55): 'Reports', with the number of open reports, leading to
 * the report queue. Members never see it.
 */
export function ReportsCard({ isAdmin }: { isAdmin: boolean }) {
  const query = useReportCount(isAdmin);
  if (!isAdmin) return null;
  const open = query.data?.count ?? 0;
  return (
    <section
      aria-labelledby="reports-card-title"
      className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm dark:shadow-black/40"
    >
      <Link
        href={REPORTS_ADMIN_PATH}
        className="group flex items-center gap-3 px-4 py-3 transition-colors hover:bg-accent/40 focus-visible:-outline-offset-2 sm:gap-4 sm:px-5 sm:py-4"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/15 text-brand sm:size-11">
          <Flag aria-hidden="true" className="size-5" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="text-xs font-bold uppercase tracking-[0.15em] text-brand">Coach</span>
          <h2 id="reports-card-title" className="truncate font-semibold sm:text-lg">
            Reports
          </h2>
          <span className="truncate text-xs text-muted-foreground sm:text-sm">
            {open ? `${open} open ${open === 1 ? 'report' : 'reports'}` : 'No open reports'}
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
