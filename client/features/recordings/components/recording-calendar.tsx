import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { IconButton } from '../../../components/ui/icon-button';
import { Skeleton } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { useRecordings } from '../api/get-recordings';
import {
  addMonths,
  buildMonthGrid,
  groupByLocalDay,
  localDayKey,
  monthOf,
  type CalendarDay,
} from '../month-grid';
import { RecordingsDayDialog } from './recordings-day-dialog';

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
  const date = new Date(year, month, cell.day).toLocaleDateString(undefined, { dateStyle: 'full' });
  return `${date}, ${count === 1 ? '1 recording' : `${count} recordings`}`;
}

/**
 * The recording calendar (SPEC §2): a month grid from Sunday to Saturday, in the member's own time zone,
 * with previous and next month buttons. Days with recordings are highlighted buttons that open the day's
 * recordings.
 */
export function RecordingCalendar({ className }: { className?: string }) {
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const [openDay, setOpenDay] = useState<string | null>(null);
  const { data, isPending, isError } = useRecordings();
  const byDay = useMemo(() => groupByLocalDay(data ?? []), [data]);
  const weeks = useMemo(() => buildMonthGrid(month), [month]);
  const todayKey = localDayKey(new Date());
  const title = new Date(month.year, month.month, 1).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
  });

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
          <IconButton label="Previous month" onClick={() => setMonth((m) => addMonths(m, -1))}>
            <ChevronLeft aria-hidden="true" />
          </IconButton>
          <p aria-live="polite" className="text-center text-base font-bold">
            {title}
          </p>
          <IconButton label="Next month" onClick={() => setMonth((m) => addMonths(m, 1))}>
            <ChevronRight aria-hidden="true" />
          </IconButton>
        </div>
        <table className="w-full table-fixed border-separate border-spacing-1 text-center text-sm">
          <caption className="sr-only">{title}</caption>
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
          <tbody>
            {weeks.map((week, row) => (
              <tr key={row}>
                {week.map((cell, column) => {
                  if (!cell) return <td key={column} aria-hidden="true" />;
                  const count = byDay.get(cell.key)?.length ?? 0;
                  const today = cell.key === todayKey;
                  const look = cn(
                    'mx-auto grid aspect-square w-full max-w-11 place-items-center rounded-md tabular-nums',
                    today && 'font-black ring-2 ring-ring',
                  );
                  return (
                    <td key={cell.key} data-day={cell.key} className="p-0">
                      {count > 0 ? (
                        <button
                          type="button"
                          aria-label={dayLabel(month.year, month.month, cell, count)}
                          aria-current={today ? 'date' : undefined}
                          data-recorded=""
                          onClick={() => setOpenDay(cell.key)}
                          className={cn(
                            look,
                            'cursor-pointer bg-primary font-bold text-primary-foreground shadow-sm transition-colors hover:bg-primary/85',
                          )}
                        >
                          {cell.day}
                        </button>
                      ) : (
                        <span
                          aria-current={today ? 'date' : undefined}
                          className={cn(look, 'text-muted-foreground')}
                        >
                          {cell.day}
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
      </CardContent>
      {openDay !== null && openRecordings ? (
        <RecordingsDayDialog dayKey={openDay} recordings={openRecordings} onClose={() => setOpenDay(null)} />
      ) : null}
    </Card>
  );
}
