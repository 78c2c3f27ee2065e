/**
 * Sessions on the community's calendar (issue 34 §2, decision 82): limits, RSVP answers and the
 * addresses the client builds. No zod here: the client imports this module (decision 67).
 */

export const EVENT_TITLE_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 4000;
export const EVENT_PLACE_MAX = 200;
export const EVENT_URL_MAX = 2000;
export const EVENT_DURATION_MIN = 1;
export const EVENT_DURATION_MAX = 1440;
/** A weekly series is at most this many occurrences, one row each. */
export const EVENT_SERIES_MAX = 24;
/** GET /api/events?from=&to= spans at most this many days. */
export const EVENT_RANGE_MAX_DAYS = 366;
/** Without `to`, GET /api/events reads this many days from `from`. */
export const EVENT_RANGE_DEFAULT_DAYS = 90;

export const RSVP_STATUSES = ['going', 'maybe', 'no'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** Labels of the three answers, as the events page shows them. */
export const RSVP_LABELS: Record<RsvpStatus, string> = {
  going: 'Going',
  maybe: 'Maybe',
  no: "Can't go",
};

/** PATCH and DELETE reach one occurrence, or it and the later ones of its series (`?scope=following`). */
export const EVENT_SCOPES = ['one', 'following'] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];

/** An event's calendar file, for "Add to calendar". */
export const eventIcsPath = (id: string) => `/api/events/${encodeURIComponent(id)}.ics`;
/** The member's calendar feed (the token is the secret). */
export const calendarFeedPath = (token: string) => `/api/calendar/${encodeURIComponent(token)}.ics`;
