import { CalendarPlus, Clock, ExternalLink, MapPin, Video } from 'lucide-react';
import { Suspense, lazy, type Ref } from 'react';
import type { Event } from '@common/contracts/events';
import { eventIcsPath } from '@common/contracts/events-values';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { durationLabel, timeLabel, zoneLabel } from '../event-time';
import { RsvpChoice } from './rsvp-choice';

/** Edit, cancel and who comes: only a coach's, loaded only for one. */
const CoachEventTools = lazy(() => import('./coach-event-tools'));

/** One session on the events page: when, how long, where, what, the member's answer and links. */
export function EventCard({
  event,
  isAdmin,
  highlighted,
  ref,
}: {
  event: Event;
  isAdmin: boolean;
  highlighted: boolean;
  ref?: Ref<HTMLElement>;
}) {
  const start = new Date(event.startsAt);
  const started = start.getTime() <= Date.now();
  const titleId = `event-${event.id}-title`;
  return (
    <article
      ref={ref}
      id={`event-${event.id}`}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-highlighted={highlighted ? 'true' : undefined}
      className={cn(
        'grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5 dark:shadow-black/40',
        highlighted && 'border-brand ring-2 ring-brand/40',
      )}
    >
      <div className="grid gap-1">
        <h3 id={titleId} className="break-words font-display text-lg font-bold sm:text-xl">
          {event.title}
        </h3>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            <time dateTime={event.startsAt}>
              {timeLabel(start)} <span className="text-xs">({zoneLabel(start)})</span>
            </time>
            <span aria-hidden="true">·</span>
            <span>{durationLabel(event.durationMinutes)}</span>
          </span>
          {event.place ? (
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              <span className="break-words">{event.place}</span>
            </span>
          ) : null}
          {event.online ? (
            <span className="inline-flex items-center gap-1.5">
              <Video aria-hidden="true" className="size-4" />
              Online
            </span>
          ) : null}
        </p>
      </div>
      {event.description ? (
        <p className="whitespace-pre-line break-words text-sm">{event.description}</p>
      ) : null}
      {started ? (
        <p className="text-sm font-medium text-muted-foreground">This session has started.</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <RsvpChoice eventId={event.id} title={event.title} value={event.myRsvp} />
          <span className="text-xs text-muted-foreground">
            {event.counts.going} going · {event.counts.maybe} maybe
          </span>
        </div>
      )}
      {event.url ? (
        <p className="text-sm">
          <a
            href={event.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 font-semibold text-brand underline underline-offset-4 hover:decoration-2"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Join the meeting
          </a>
        </p>
      ) : event.online && !started ? (
        <p className="text-sm text-muted-foreground">
          The meeting link shows here once you say you are going.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={eventIcsPath(event.id)} download>
            <CalendarPlus aria-hidden="true" />
            Add to calendar<span className="sr-only">: {event.title}</span>
          </a>
        </Button>
        {isAdmin ? (
          <Suspense fallback={null}>
            <CoachEventTools event={event} />
          </Suspense>
        ) : null}
      </div>
    </article>
  );
}
