import { ASSIGNMENT_STATUS_LABELS, type AssignmentStatus } from '@common/contracts/assignments-values';
import { cn } from '../lib/utils';

/**
 * A drill's status colours (decision 81): done green, late yellow, missed red, open grey. Always drawn
 * beside the status's words, never alone. Shared by the drills page and the profile's calendar.
 */
export const DRILL_STATUS_SWATCH: Record<AssignmentStatus, string> = {
  done: 'bg-emerald-500',
  late: 'bg-yellow-400',
  missed: 'bg-red-500',
  open: 'bg-muted-foreground/60',
};

/** The drills due on each day ('YYYY-MM-DD' in the community's time zone), for the profile's calendar. */
export type DrillsByDay = ReadonlyMap<
  string,
  ReadonlyArray<{ id: string; status: AssignmentStatus; title: string }>
>;

/** A day's drills as words, for its accessible name: 'drill due: 203 · Systems Theory, Missed'. */
export function drillsDueText(drills: DrillsByDay extends ReadonlyMap<string, infer V> ? V : never): string {
  const what = drills.map((d) => `${d.title}, ${ASSIGNMENT_STATUS_LABELS[d.status]}`).join('; ');
  return `${drills.length === 1 ? 'drill due' : `${drills.length} drills due`}: ${what}`;
}

const BADGE: Record<AssignmentStatus, string> = {
  done: 'border-emerald-600/40 bg-emerald-500/10 text-emerald-700 dark:border-emerald-400/40 dark:text-emerald-300',
  late: 'border-yellow-500/50 bg-yellow-400/15 text-yellow-800 dark:border-yellow-400/40 dark:text-yellow-200',
  missed: 'border-red-500/40 bg-red-500/10 text-red-700 dark:border-red-400/40 dark:text-red-300',
  open: 'border-border bg-muted text-muted-foreground',
};

/** The status as a pill: its colour and its words ('Done late'). */
export function DrillStatusBadge({ status, className }: { status: AssignmentStatus; className?: string }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-bold',
        BADGE[status],
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn('inline-block size-2 rounded-full', DRILL_STATUS_SWATCH[status])}
      />
      {ASSIGNMENT_STATUS_LABELS[status]}
    </span>
  );
}
