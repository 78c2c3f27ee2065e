import { z } from 'zod';
import { fieldError, text } from './fields';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_DURATION_MAX,
  EVENT_DURATION_MIN,
  EVENT_PLACE_MAX,
  EVENT_SCOPES,
  EVENT_SERIES_MAX,
  EVENT_TITLE_MAX,
  EVENT_URL_MAX,
  RSVP_STATUSES,
} from './events-values';

/**
 * Sessions on the community's calendar (issue 34 §2, decision 82): coaches set them, members answer
 * going, maybe or no, and a meeting link is shown only to those going (and coaches).
 */
export * from './events-values';

const body = { error: 'Request body must be a JSON object' };

const dateTime = (field: string) =>
  text(field, 'an ISO 8601 date-time').pipe(
    z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date-time` }),
  );

const title = text('title')
  .trim()
  .min(1, { error: 'title must not be empty' })
  .max(EVENT_TITLE_MAX, { error: `title must be at most ${EVENT_TITLE_MAX} characters` });
const description = text('description')
  .trim()
  .max(EVENT_DESCRIPTION_MAX, { error: `description must be at most ${EVENT_DESCRIPTION_MAX} characters` });
const durationMinutes = z
  .number({ error: fieldError('durationMinutes', 'a whole number of minutes') })
  .int({ error: 'durationMinutes must be a whole number of minutes' })
  .min(EVENT_DURATION_MIN, {
    error: `durationMinutes must be ${EVENT_DURATION_MIN} to ${EVENT_DURATION_MAX}`,
  })
  .max(EVENT_DURATION_MAX, {
    error: `durationMinutes must be ${EVENT_DURATION_MIN} to ${EVENT_DURATION_MAX}`,
  });
const place = text('place')
  .trim()
  .max(EVENT_PLACE_MAX, { error: `place must be at most ${EVENT_PLACE_MAX} characters` })
  .refine((v) => !/[\r\n]/.test(v), { error: 'place must be on one line' });
const meetingUrl = text('url')
  .trim()
  .max(EVENT_URL_MAX, { error: `url must be at most ${EVENT_URL_MAX} characters` })
  .refine(
    (v) => {
      if (v === '') return true;
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: 'url must be an http(s) address' },
  );

const ONE_WHERE = 'Give either a place or a meeting url, not both';

/** POST /api/events (coaches). `recurrence: {weekly: true, count}` makes `count` weekly occurrences. */
export const createEventBody = z
  .object(
    {
      title,
      description: description.optional(),
      startsAt: dateTime('startsAt'),
      durationMinutes,
      place: place.optional(),
      url: meetingUrl.optional(),
      recurrence: z
        .object(
          {
            weekly: z.literal(true, { error: 'recurrence.weekly must be true' }),
            count: z
              .number({ error: fieldError('recurrence.count', 'a whole number') })
              .int({ error: 'recurrence.count must be a whole number' })
              .min(2, { error: `recurrence.count must be 2 to ${EVENT_SERIES_MAX}` })
              .max(EVENT_SERIES_MAX, { error: `recurrence.count must be 2 to ${EVENT_SERIES_MAX}` }),
          },
          { error: 'recurrence must be {weekly: true, count}' },
        )
        .optional(),
    },
    body,
  )
  .refine((b) => !(b.place && b.url), { error: ONE_WHERE });
export type CreateEventBody = z.infer<typeof createEventBody>;

/** PATCH /api/events/:id (coaches): the fields given change; null (or '') clears an optional one. */
export const updateEventBody = z
  .object(
    {
      title: title.optional(),
      description: description.nullable().optional(),
      startsAt: dateTime('startsAt').optional(),
      durationMinutes: durationMinutes.optional(),
      place: place.nullable().optional(),
      url: meetingUrl.nullable().optional(),
    },
    body,
  )
  .refine((b) => !(b.place && b.url), { error: ONE_WHERE });
export type UpdateEventBody = z.infer<typeof updateEventBody>;

export const eventScopeQuery = z.object({
  scope: z.enum(EVENT_SCOPES, { error: `scope must be one of ${EVENT_SCOPES.join(', ')}` }).optional(),
});

export const eventsQuery = z.object({
  from: dateTime('from').optional(),
  to: dateTime('to').optional(),
});

export const eventIdParams = z.object({
  id: text('id').pipe(z.uuid({ error: 'id must be an event id' })),
});

export const rsvpBody = z.object(
  {
    status: z.enum(RSVP_STATUSES, {
      error: (issue) =>
        issue.input === undefined
          ? 'status is required'
          : `status must be one of ${RSVP_STATUSES.join(', ')}`,
    }),
  },
  body,
);
export type RsvpBody = z.infer<typeof rsvpBody>;

export const feedTokenParams = z.object({
  token: text('token').max(200, { error: 'token is too long' }),
});

const rsvpStatus = z.enum(RSVP_STATUSES);

/** One session as a member (or a coach) reads it. */
export const event = z.object({
  id: z.string(),
  seriesId: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number(),
  place: z.string().nullable(),
  /** The meeting link: present only for those going, and coaches (decision 3). */
  url: z.string().optional(),
  /** Whether the session has a meeting link (shown once the member says going). */
  online: z.boolean(),
  sequence: z.number(),
  myRsvp: rsvpStatus.nullable(),
  counts: z.object({ going: z.number(), maybe: z.number(), no: z.number() }),
  /** Who answered, for coaches only. */
  attendees: z
    .array(z.object({ id: z.string(), username: z.string(), name: z.string(), status: rsvpStatus }))
    .optional(),
});
export type Event = z.infer<typeof event>;

export const eventsResponse = z.object({ events: z.array(event), from: z.string(), to: z.string() });
export type EventsResponse = z.infer<typeof eventsResponse>;

export const eventsCreated = z.object({ events: z.array(event) });
export type EventsCreated = z.infer<typeof eventsCreated>;

export const eventsChanged = z.object({ events: z.array(event) });

export const eventsDeleted = z.object({ deleted: z.number() });

export const calendarFeedResponse = z.object({
  /** https://…/api/calendar/<token>.ics */
  url: z.string(),
  /** The same as webcal://, which calendar apps open as a subscription. */
  webcal: z.string(),
});
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponse>;

/** GET /api/calendar-feed: whether the member has a feed (its address cannot be read back: only its hash is kept). */
export const calendarFeedStatus = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;
