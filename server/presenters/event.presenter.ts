import type { Event } from '../../common/contracts/events';
import type { RsvpStatus } from '../../common/contracts/events-values';
import type { Attendee, RsvpCounts } from '../db/repositories/events.repository';
import type { EventRow } from '../db/schema';
import { can, type PolicyActor } from '../policies';

/** What the presenter needs of the viewer's and everyone's answers to one event. */
export type EventAnswers = {
  myRsvp: RsvpStatus | null;
  counts: RsvpCounts | undefined;
  attendees: readonly Attendee[] | undefined;
};

/** The end of an event: its start plus its duration. */
export const eventEnd = (row: Pick<EventRow, 'startsAt' | 'durationMinutes'>): Date =>
  new Date(row.startsAt.getTime() + row.durationMinutes * 60_000);

/**
 * One session for this viewer (decision 82): the meeting link only for those going and coaches, who
 * comes only for coaches (decision 3: what a viewer may not see is left out here).
 */
export function presentEvent(row: EventRow, viewer: PolicyActor, answers: EventAnswers): Event {
  const going = answers.myRsvp === 'going';
  const out: Event = {
    id: row.id,
    seriesId: row.seriesId,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: eventEnd(row).toISOString(),
    durationMinutes: row.durationMinutes,
    place: row.place,
    online: row.url !== null,
    sequence: row.sequence,
    myRsvp: answers.myRsvp,
    counts: answers.counts ?? { going: 0, maybe: 0, no: 0 },
  };
  if (row.url !== null && can(viewer, 'event.meeting-url', { going })) out.url = row.url;
  if (can(viewer, 'event.attendees')) {
    out.attendees = (answers.attendees ?? []).map((a) => ({
      id: a.id,
      username: a.username,
      name: a.name,
      status: a.status,
    }));
  }
  return out;
}
