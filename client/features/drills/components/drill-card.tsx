import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { AssignmentItem } from '@common/contracts/assignments';
import { formatDue } from '@common/contracts/assignments-values';
import { DrillStatusBadge } from '../../../components/drill-status';
import { memberPath } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import { drillLessonHref } from '../drill-lessons';

/**
 * One member's drill: the lesson's heading (a link to it), its status in words and colour, the due time
 * in the community's time zone, the coach's note; a coach's list also names the member and has actions.
 */
export function DrillCard({
  item,
  timeZone,
  showMember = false,
  targeted = false,
  actions,
}: {
  item: AssignmentItem;
  timeZone: string;
  showMember?: boolean;
  /** The drill a link (`?assignment=`) points at: highlighted and focusable. */
  targeted?: boolean;
  actions?: ReactNode;
}) {
  const headingId = useId();
  return (
    <li data-drill-id={item.id} data-member-id={item.member.id}>
      <article
        aria-labelledby={headingId}
        tabIndex={targeted ? -1 : undefined}
        data-target-message={targeted ? '' : undefined}
        className={cn(
          'grid gap-2 rounded-xl border bg-card p-3 text-card-foreground shadow-sm sm:p-4 dark:shadow-black/40',
        )}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <h3 id={headingId} className="min-w-0 font-semibold leading-snug [overflow-wrap:anywhere]">
              <Link href={drillLessonHref(item.lesson)} className="text-brand hover:underline">
                {item.lesson.title}
              </Link>
              {showMember ? (
                <span className="font-normal text-muted-foreground">
                  {' '}
                  for{' '}
                  <Link
                    href={memberPath(item.member.username)}
                    className="font-semibold text-foreground hover:underline"
                  >
                    {item.member.name}
                  </Link>
                </span>
              ) : null}
            </h3>
            <p className="text-sm text-muted-foreground">
              Due <time dateTime={item.dueAt}>{formatDue(item.dueAt, timeZone)}</time>
            </p>
          </div>
          <DrillStatusBadge status={item.status} />
        </div>
        {item.note ? (
          <p className="rounded-lg border bg-muted/40 p-2.5 text-sm [overflow-wrap:anywhere]">
            <span className="font-semibold">
              {item.coach ? `${item.coach.name}’s note: ` : 'Coach’s note: '}
            </span>
            <span className="whitespace-pre-line">{item.note}</span>
          </p>
        ) : null}
        {item.completedAt ? (
          <p className="text-xs text-muted-foreground">
            Attempt posted <time dateTime={item.completedAt}>{formatDue(item.completedAt, timeZone)}</time>
          </p>
        ) : null}
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </article>
    </li>
  );
}
