import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Suspense, useMemo, useState, useSyncExternalStore, type ComponentProps } from 'react';
import { ASSIGNMENT_STATUS_LABELS, ASSIGNMENT_STATUSES } from '@common/contracts/assignments-values';
import { DRILL_STATUS_SWATCH, drillsDueText, type DrillsByDay } from '../../../components/drill-status';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { IconButton } from '../../../components/ui/icon-button';
import { Skeleton, TextSkeleton } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/date-format';
import { preloadable } from '../../../lib/preloadable';
import { cn } from '../../../lib/utils';
import { useRecordings } from '../api/get-recordings';
import {
  addMonths,
  buildMonthGrid,
  groupByLocalDay,
  localDayKey,
  monthOf,
  type CalendarDay,
  type CalendarMonth,
  type CalendarWeek,
} from '../month-grid';
import type { RecordingsDayDialog as RecordingsDayDialogComponent } from './recordings-day-dialog';

// A day's dialog (its players, Post…, Delete) is loaded when the calendar is pointed at or focused and
// drawn only once a day is opened (docs/decisions.md decision 70).
const RecordingsDayDialog = preloadable<
  ComponentProps<typeof RecordingsDayDialogComponent>,
  { default: typeof RecordingsDayDialogComponent }
>(() => import('./recordings-day-dialog').then((m) => ({ default: m.RecordingsDayDialog })));
const preloadDayDialog = () => void RecordingsDayDialog.preload().catch(() => undefined);

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/** A highlighted day's name: 'Monday, May 11, 2026, 2 recordings'. */
function dayLabel(year: number, month: number, cell: CalendarDay, count: number): string {
  const date = formatDate(new Date(year, month, cell.day), { dateStyle: 'full' });
  return `${date}, ${count === 1 ? '1 recording' : `${count} recordings`}`;
}

/** Six weeks, the most a month spans: the card has one height whatever the month. */
const WEEKS = 6;
const BLANK_WEEK: CalendarWeek = Array.from({ length: 7 }, () => null);
const sixWeeks = (weeks: CalendarWeek[]) => [
  ...weeks,
  ...Array.from({ length: WEEKS - weeks.length }, () => BLANK_WEEK),
];

const noSubscription = () => () => {};
/**
 * False on the server and while the page is hydrated, true after: the month and today come from the
 * browser's clock, which the prerendered frame (docs/decisions.md decision 68) cannot know.
 */
const useClockReadable = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** A day cell's square (the size every cell of the grid has). */
const SQUARE =
  'relative mx-auto grid aspect-square w-full max-w-11 place-items-center rounded-md tabular-nums';

/** The coloured marks of the drills due on a day (their words are in the day's accessible name). */
function DrillMarks({ drills }: { drills: NonNullable<ReturnType<DrillsByDay['get']>> }) {
  return (
    <span aria-hidden="true" className="absolute inset-x-0 bottom-0.5 flex justify-center gap-0.5">
      {drills.slice(0, 3).map((d) => (
        <span
          key={d.id}
          data-drill-status={d.status}
          className={cn('h-1.5 w-2.5 rounded-full ring-1 ring-background', DRILL_STATUS_SWATCH[d.status])}
        />
      ))}
    </span>
  );
}

/**
 * The recording calendar (SPEC §2): a month grid from Sunday to Saturday, in the member's own time zone,
 * with previous and next month buttons. Days with recordings are highlighted buttons that open the day's
 * recordings. Days a drill is due (in the community's time zone, decision 81) carry a mark of its status's
 * colour and its words in their name. Always six rows, so that it keeps its size from month to month and from its frame (drawn
 * before the clock is read: the same grid without the month's days) to the month.
 */
export function RecordingCalendar({ className, drills }: { className?: string; drills?: DrillsByDay }) {
  const clockReadable = useClockReadable();
  // The month paged to; until then, the current one (once the clock may be read).
  const [paged, setMonth] = useState<CalendarMonth | null>(null);
  const month = paged ?? (clockReadable ? monthOf(new Date()) : null);
  const page = (offset: number) => setMonth((m) => addMonths(m ?? monthOf(new Date()), offset));
  const [openDay, setOpenDay] = useState<string | null>(null);
  const { data, isPending, isError } = useRecordings();
  const byDay = useMemo(() => groupByLocalDay(data ?? []), [data]);
  const year = month?.year;
  const monthIndex = month?.month;
  const weeks = useMemo(
    () =>
      sixWeeks(
        year === undefined || monthIndex === undefined ? [] : buildMonthGrid({ year, month: monthIndex }),
      ),
    [year, monthIndex],
  );
  const todayKey = clockReadable ? localDayKey(new Date()) : null;
  const title = month
    ? formatDate(new Date(month.year, month.month, 1), { month: 'long', year: 'numeric' })
    : null;

  // A day whose last recording was deleted has nothing left to show: its dialog closes.
  const openRecordings = openDay === null ? undefined : byDay.get(openDay);
  if (openDay !== null && data && !openRecordings) setOpenDay(null);

  return (
    <Card aria-labelledby="recording-calendar-title" className={className}>
      <CardHeader>
        <CardTitle id="recording-calendar-title">Recording Calendar</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center justify-between gap-2">
          <IconButton label="Previous month" onClick={() => page(-1)}>
            <ChevronLeft aria-hidden="true" />
          </IconButton>
          <p aria-live="polite" className="text-center text-base font-bold">
            {title ?? <TextSkeleton className="w-36" />}
          </p>
          <IconButton label="Next month" onClick={() => page(1)}>
            <ChevronRight aria-hidden="true" />
          </IconButton>
        </div>
        <table
          onPointerOver={preloadDayDialog}
          onFocus={preloadDayDialog}
          className="w-full table-fixed border-separate border-spacing-1 text-center text-sm"
        >
          <caption className="sr-only">{title ?? 'Recording Calendar'}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map(([short, long]) => (
                <th key={long} scope="col" className="pb-1 text-xs font-bold uppercase text-muted-foreground">
                  <abbr title={long} className="no-underline">
                    {short}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          {/* The frame's blank grid pulses as one: an animation per square is 42 animation events
              every two seconds, each dispatched through React's root listener (decision 86). */}
          <tbody className={cn(!month && 'animate-pulse')}>
            {weeks.map((week, row) => (
              <tr key={row}>
                {week.map((cell, column) => {
                  if (!cell || !month) {
                    // Outside the month, or the frame's grid before the month is known.
                    return (
                      <td key={column} aria-hidden="true" className="p-0">
                        <span className={cn(SQUARE, !month && 'bg-muted/60')} />
                      </td>
                    );
                  }
                  const count = byDay.get(cell.key)?.length ?? 0;
                  const due = drills?.get(cell.key);
                  const today = cell.key === todayKey;
                  const look = cn(SQUARE, today && 'font-black ring-2 ring-ring');
                  return (
                    <td key={cell.key} data-day={cell.key} className="p-0">
                      {count > 0 ? (
                        <button
                          type="button"
                          aria-label={`${dayLabel(month.year, month.month, cell, count)}${due ? `, ${drillsDueText(due)}` : ''}`}
                          aria-current={today ? 'date' : undefined}
                          data-recorded=""
                          onClick={() => setOpenDay(cell.key)}
                          className={cn(
                            look,
                            'cursor-pointer bg-primary font-bold text-primary-foreground shadow-sm transition-colors hover:bg-primary/85',
                          )}
                        >
                          {cell.day}
                          {due ? <DrillMarks drills={due} /> : null}
                        </button>
                      ) : (
                        <span
                          aria-current={today ? 'date' : undefined}
                          className={cn(look, 'text-muted-foreground')}
                        >
                          {cell.day}
                          {due ? (
                            <>
                              <span className="sr-only">, {drillsDueText(due)}</span>
                              <DrillMarks drills={due} />
                            </>
                          ) : null}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {isPending ? <Skeleton className="h-4 w-40" /> : null}
        {isError ? <p className="text-sm text-destructive">Could not load your recordings.</p> : null}
        {data ? (
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary" />
            {data.length === 0
              ? 'No recordings yet. Days with recordings are highlighted.'
              : 'Days with recordings are highlighted. Select one to watch.'}
          </p>
        ) : null}
        {drills && drills.size > 0 ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span>Drills due:</span>
            {ASSIGNMENT_STATUSES.map((s) => (
              <span key={s} className="inline-flex items-center gap-1">
                <span
                  aria-hidden="true"
                  className={cn('inline-block h-1.5 w-2.5 rounded-full', DRILL_STATUS_SWATCH[s])}
                />
                {ASSIGNMENT_STATUS_LABELS[s]}
              </span>
            ))}
          </p>
        ) : null}
      </CardContent>
      {openDay !== null && openRecordings ? (
        <Suspense fallback={null}>
          <RecordingsDayDialog
            dayKey={openDay}
            recordings={openRecordings}
            onClose={() => setOpenDay(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
