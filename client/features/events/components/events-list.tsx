import { CalendarDays, Plus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Event } from '@common/contracts/events';
import { EVENT_PARAM } from '../../../lib/paths';
import { useLinkTarget } from '../../../lib/use-link-target';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/spinner';
import { notOver, useUpcomingEvents } from '../api/get-events';
import { dayKey, dayLabel, zoneName } from '../event-time';
import { CalendarFeedCard } from './calendar-feed-card';
import { EventCard } from './event-card';
import { EventForm } from './event-form';

/**
 * The events page's body (decision 82): the sessions still to come grouped by day in the member's time
 * zone, `?event=<id>` brought into view and highlighted, the coaches' "New session", and the feed.
 */
export function EventsList({ isAdmin }: { isAdmin: boolean }) {
  const { data, isPending, isError } = useUpcomingEvents();
  const [creating, setCreating] = useState(false);
  const days = useMemo(() => {
    const groups: { key: string; label: string; events: Event[] }[] = [];
    for (const e of notOver(data?.events ?? [])) {
      const start = new Date(e.startsAt);
      const key = dayKey(start);
      const last = groups.at(-1);
      if (last?.key === key) last.events.push(e);
      else groups.push({ key, label: dayLabel(start), events: [e] });
    }
    return groups;
  }, [data]);

  // The session a notification led to: into view and focused once drawn (the address then drops it).
  const wanted = useLinkTarget(
    EVENT_PARAM,
    data !== undefined,
    (id) => days.some((d) => d.events.some((e) => e.id === id)),
    'That session is over or was cancelled',
  );
  const target = useRef<HTMLElement | null>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || shown.current === wanted || !target.current) return;
    shown.current = wanted;
    target.current.scrollIntoView({ block: 'center' });
    target.current.focus({ preventScroll: true });
  }, [wanted, days]);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Times are in your time zone ({zoneName()}).</p>
        {isAdmin && !creating ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            New session
          </Button>
        ) : null}
      </div>
      {isAdmin && creating ? (
        <Card aria-labelledby="new-session-title">
          <CardHeader>
            <CardTitle id="new-session-title">New session</CardTitle>
          </CardHeader>
          <CardContent>
            <EventForm onDone={() => setCreating(false)} />
          </CardContent>
        </Card>
      ) : null}
      {isPending ? (
        <div className="grid gap-3" aria-hidden="true">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The sessions could not be loaded. Reload the page to try again.
        </p>
      ) : days.length === 0 ? (
        <div className="grid place-items-center gap-2 rounded-xl border border-dashed p-8 text-center">
          <CalendarDays aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-semibold">No sessions coming up</p>
          <p className="text-sm text-muted-foreground">
            {isAdmin ? 'Set one with “New session”.' : 'Your coach has not set any yet.'}
          </p>
        </div>
      ) : (
        days.map((day) => (
          <section key={day.key} aria-labelledby={`day-${day.key}`} className="grid gap-3">
            <h2
              id={`day-${day.key}`}
              className="font-display text-base font-bold uppercase tracking-wide text-muted-foreground"
            >
              {day.label}
            </h2>
            {day.events.map((e) => (
              <EventCard
                key={e.id}
                event={e}
                isAdmin={isAdmin}
                highlighted={e.id === wanted}
                ref={
                  e.id === wanted
                    ? (el) => {
                        target.current = el;
                      }
                    : undefined
                }
              />
            ))}
          </section>
        ))
      )}
      <CalendarFeedCard />
    </div>
  );
}
