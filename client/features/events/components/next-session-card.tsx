import { ArrowRight, CalendarClock } from 'lucide-react';
import { Link } from 'wouter';
import { RSVP_LABELS } from '@common/contracts/events-values';
import { eventPagePath } from '../../../lib/paths';
import { notOver, useUpcomingEvents } from '../api/get-events';
import { dayLabel, timeLabel, zoneLabel } from '../event-time';

/**
 * "Next session" on the member's home (decision 82): the next session still to come, with the member's
 * answer, leading to it on /events. Nothing when none is set. Loaded and asked for once the page is
 * interactive (member-home.tsx).
 */
export default function NextSessionCard() {
  const { data } = useUpcomingEvents();
  const next = notOver(data?.events ?? [])[0];
  if (!next) return null;
  const start = new Date(next.startsAt);
  const answer = next.myRsvp ? `You said: ${RSVP_LABELS[next.myRsvp]}` : 'You have not answered yet';
  return (
    <section
      aria-labelledby="next-session-title"
      className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm dark:shadow-black/40"
    >
      <Link
        href={eventPagePath(next.id)}
        className="group flex items-center gap-3 px-4 py-3 transition-colors hover:bg-accent/40 focus-visible:-outline-offset-2 sm:gap-4 sm:px-5 sm:py-4"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/15 text-brand sm:size-11">
          <CalendarClock aria-hidden="true" className="size-5" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="text-xs font-bold uppercase tracking-[0.15em] text-brand">Next session</span>
          <h2 id="next-session-title" className="truncate font-semibold sm:text-lg">
            {next.title}
          </h2>
          <span className="text-xs text-muted-foreground sm:text-sm">
            <time dateTime={next.startsAt}>
              {dayLabel(start)}, {timeLabel(start)} ({zoneLabel(start)})
            </time>
            {' · '}
            {answer}
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
