import { createHash, randomBytes } from 'node:crypto';
import type {
  CalendarFeedResponse,
  CalendarFeedStatus,
  CreateEventBody,
  Event,
  EventsResponse,
  RsvpBody,
  UpdateEventBody,
} from '../../../common/contracts/events';
import {
  EVENT_RANGE_DEFAULT_DAYS,
  EVENT_RANGE_MAX_DAYS,
  calendarFeedPath,
  type EventScope,
} from '../../../common/contracts/events-values';
import {
  addLocalDays,
  DEFAULT_TIME_ZONE,
  localTimeToUtc,
  wallTime,
  type WallTime,
} from '../../../common/community-time';
import { EVENT_PARAM, EVENTS_PATH } from '../../../common/notification-links';
import type { EventChange, EventsRepository, NewEvent } from '../../db/repositories/events.repository';
import type { EventRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RateEventStore } from '../../lib/rate-event-store';
import { createRateLimiter } from '../../lib/rate-limiter';
import type { NotificationProducers } from '../../notifications/producers';
import { authorize } from '../../policies';
import type { Actor } from '../../storage/session-store';
import { eventEnd, presentEvent } from '../../presenters/event.presenter';
import { isAdminRow } from '../../presenters/user.presenter';
import { calendar, type IcsEvent } from './ics';

const DAY = 24 * 60 * 60 * 1000;
/** At most this many events in one answer (a year of daily sessions fits). */
const LIST_LIMIT = 500;
/** The feed carries the last 30 days and the next year. */
const FEED_PAST_MS = 30 * DAY;
const FEED_AHEAD_MS = 366 * DAY;
/**
 * Calendar apps poll a feed every 15 minutes to a day: 20 reads an hour per feed is ample, and 600 an
 * hour per address covers a team behind one router while keeping a guesser slow (decision 82).
 */
const FEED_RULE = { limit: 20, windowMs: 60 * 60 * 1000 };
const FEED_ADDRESS_RULE = { limit: 600, windowMs: 60 * 60 * 1000 };
const FEED_LIMITED = 'This calendar feed is read too often. Try again later.';

const notFound = () => new AppError('not_found', 'Session not found');

export type EventsDeps = {
  repo: EventsRepository;
  produce: Pick<NotificationProducers, 'eventChanged'>;
  limits: RateEventStore;
  adminEmails: ReadonlySet<string>;
  /** The origin of links (decision 46): the event's page, the feed's address, the UID's host. */
  origin: () => string;
  now: () => number;
  /** The community's time zone (decision 83): a weekly series keeps its wall-clock time in it. */
  timeZone?: () => Promise<string>;
};

/** The SHA-256 of a feed token, as stored (the token itself never is). */
export const feedTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Sessions, RSVPs, .ics files and calendar feeds (issue 34 §2, decision 82). */
export function eventsService({
  repo,
  produce,
  limits,
  adminEmails,
  origin,
  now,
  timeZone = async () => DEFAULT_TIME_ZONE,
}: EventsDeps) {
  const feedLimit = createRateLimiter(limits, 'calendar-feed', FEED_RULE, FEED_LIMITED, now);
  const feedAddressLimit = createRateLimiter(
    limits,
    'calendar-feed-ip',
    FEED_ADDRESS_RULE,
    FEED_LIMITED,
    now,
  );

  async function present(actor: Actor, rows: readonly EventRow[]): Promise<Event[]> {
    const ids = rows.map((r) => r.id);
    const [mine, counts, attendees] = await Promise.all([
      repo.rsvpsOf(actor.user.id, ids),
      repo.counts(ids),
      actor.isAdmin ? repo.attendees(ids) : Promise.resolve([]),
    ]);
    return rows.map((row) =>
      presentEvent(row, actor, {
        myRsvp: mine.get(row.id) ?? null,
        counts: counts.get(row.id),
        attendees: attendees.filter((a) => a.eventId === row.id),
      }),
    );
  }

  async function existing(id: string): Promise<EventRow> {
    const row = await repo.byId(id);
    if (!row) throw notFound();
    return row;
  }

  function startInFuture(startsAt: Date, field = 'startsAt') {
    if (startsAt.getTime() <= now()) throw new AppError('bad_request', `${field} must be in the future`);
  }

  const host = () => {
    try {
      return new URL(origin()).host;
    } catch {
      return 'tribe36';
    }
  };
  const pageOf = (id: string) =>
    `${origin().replace(/\/+$/, '')}${EVENTS_PATH}?${new URLSearchParams({ [EVENT_PARAM]: id }).toString()}`;

  function icsEvent(row: EventRow, going: boolean, stamp: Date): IcsEvent {
    return {
      uid: `${row.id}@${host()}`,
      stamp,
      start: row.startsAt,
      end: eventEnd(row),
      summary: row.title,
      description: row.description,
      url: pageOf(row.id),
      // The meeting link only for those going (decision 3); a place for everyone.
      location: row.place ?? (going && row.url ? row.url : null),
      sequence: row.sequence,
    };
  }

  /** Tells the members going to these events what happened to them. */
  async function tell(
    actor: Actor,
    rows: readonly EventRow[],
    what: 'changed' | 'moved' | 'cancelled',
    going: readonly { eventId: string; userId: string }[],
  ) {
    await produce.eventChanged(
      actor,
      rows.map((r) => ({
        eventId: r.id,
        title: r.title,
        sequence: r.sequence,
        startsAt: r.startsAt,
        what,
        userIds: going.filter((g) => g.eventId === r.id).map((g) => g.userId),
      })),
    );
  }

  /** A local date as a count of days, to subtract one from another. */
  const dayNumber = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day) / 86_400_000;

  /**
   * Where each of `rows` goes when `row` (one of them) moves to `startsAt`: by as many days in the
   * community's calendar as `row` does, at `startsAt`'s wall-clock time there. So a weekly series moved
   * from 18:00 to 19:00 is at 19:00 on each of its days, a clock change between them or not (decision 82).
   */
  async function newStarts(row: EventRow, rows: readonly EventRow[], startsAt: Date) {
    const zone = rows.length > 1 ? await timeZone() : DEFAULT_TIME_ZONE;
    const to = wallTime(startsAt.getTime(), zone);
    const days = dayNumber(to) - dayNumber(wallTime(row.startsAt.getTime(), zone));
    const moves = new Map<string, Date>();
    for (const r of rows) {
      if (r.id === row.id) {
        moves.set(r.id, startsAt);
        continue;
      }
      const from = wallTime(r.startsAt.getTime(), zone);
      const ms = startsAt.getTime() % 1000;
      moves.set(
        r.id,
        new Date(
          localTimeToUtc(from.year, from.month, from.day + days, to.hour, to.minute, zone, to.second) + ms,
        ),
      );
    }
    return moves;
  }

  return {
    /** GET /api/events?from=&to=: the sessions overlapping the range (default: now to 90 days on). */
    async list(actor: Actor, query: { from?: string; to?: string }): Promise<EventsResponse> {
      const from = query.from ? new Date(query.from) : new Date(now());
      const to = query.to ? new Date(query.to) : new Date(from.getTime() + EVENT_RANGE_DEFAULT_DAYS * DAY);
      if (to.getTime() <= from.getTime()) throw new AppError('bad_request', 'to must be after from');
      if (to.getTime() - from.getTime() > EVENT_RANGE_MAX_DAYS * DAY)
        throw new AppError('bad_request', `from and to must be at most ${EVENT_RANGE_MAX_DAYS} days apart`);
      const rows = await repo.between(from, to, LIST_LIMIT);
      return { events: await present(actor, rows), from: from.toISOString(), to: to.toISOString() };
    },

    /** GET /api/events/:id */
    async get(actor: Actor, id: string): Promise<Event> {
      const [out] = await present(actor, [await existing(id)]);
      return out!;
    },

    /** POST /api/events (coaches): one event, or a weekly series of `count` sharing a seriesId. */
    async create(actor: Actor, body: CreateEventBody): Promise<Event[]> {
      authorize(actor, 'events.manage');
      const startsAt = new Date(body.startsAt);
      startInFuture(startsAt);
      const count = body.recurrence?.count ?? 1;
      const seriesId = count > 1 ? crypto.randomUUID() : null;
      const base: Omit<NewEvent, 'startsAt'> = {
        seriesId,
        title: body.title,
        description: body.description || null,
        durationMinutes: body.durationMinutes,
        place: body.place || null,
        url: body.url || null,
        createdBy: actor.user.id,
      };
      // Weekly at the same wall-clock time in the community's time zone: 18:00 stays 18:00 across a
      // clock change (decision 82).
      const zone = count > 1 ? await timeZone() : DEFAULT_TIME_ZONE;
      const rows = await repo.insert(
        Array.from({ length: count }, (_, i) => ({
          ...base,
          startsAt: new Date(addLocalDays(startsAt.getTime(), 7 * i, zone)),
        })),
      );
      return present(actor, rows);
    },

    /**
     * PATCH /api/events/:id (coaches): this occurrence, or with `scope=following` it and the later
     * ones of its series (a new start moves them all to its wall-clock time, `newStarts`). Members going are told.
     */
    async update(
      actor: Actor,
      id: string,
      body: UpdateEventBody,
      scope: EventScope = 'one',
    ): Promise<Event[]> {
      authorize(actor, 'events.manage');
      const row = await existing(id);
      const change: EventChange = {};
      if (body.title !== undefined) change.title = body.title;
      if (body.description !== undefined) change.description = body.description || null;
      if (body.durationMinutes !== undefined) change.durationMinutes = body.durationMinutes;
      if (body.place !== undefined) change.place = body.place || null;
      if (body.url !== undefined) change.url = body.url || null;
      const place = change.place !== undefined ? change.place : row.place;
      const url = change.url !== undefined ? change.url : row.url;
      if (place && url) throw new AppError('bad_request', 'Give either a place or a meeting url, not both');
      if (row.startsAt.getTime() <= now())
        throw new AppError('conflict', 'This session has already started; it can no longer be changed');
      const rows = await repo.scope(row, scope === 'following');
      let moved = false;
      if (body.startsAt !== undefined) {
        const startsAt = new Date(body.startsAt);
        startInFuture(startsAt);
        moved = startsAt.getTime() !== row.startsAt.getTime();
        if (moved) change.moves = await newStarts(row, rows, startsAt);
      }
      const ids = rows.map((r) => r.id);
      const changed = await repo.update(ids, change, new Date(now()));
      changed.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      const going = await repo.goingTo(ids);
      await tell(actor, changed, moved ? 'moved' : 'changed', going);
      return present(actor, changed);
    },

    /**
     * DELETE /api/events/:id (coaches): this occurrence, or with `scope=following` it and the later
     * ones of its series. The members going are told first.
     */
    async remove(actor: Actor, id: string, scope: EventScope = 'one'): Promise<{ deleted: number }> {
      authorize(actor, 'events.manage');
      const row = await existing(id);
      const rows = (await repo.scope(row, scope === 'following')).filter(
        (r) => r.id === row.id || eventEnd(r).getTime() > now(),
      );
      const ids = rows.map((r) => r.id);
      const going = await repo.goingTo(ids);
      // Only sessions still to come are worth a word: a past one is simply taken off the calendar.
      await tell(
        actor,
        rows.filter((r) => r.startsAt.getTime() > now()),
        'cancelled',
        going,
      );
      return { deleted: await repo.remove(ids) };
    },

    /** PUT /api/events/:id/rsvp: going, maybe or no; a deleted session 404, one already started 409. */
    async rsvp(actor: Actor, id: string, body: RsvpBody): Promise<Event> {
      const row = await existing(id);
      if (row.startsAt.getTime() <= now())
        throw new AppError('conflict', 'This session has already started; answers are closed');
      await repo.setRsvp(id, actor.user.id, body.status, new Date(now()));
      const [out] = await present(actor, [row]);
      return out!;
    },

    /** GET /api/events/:id.ics: the session as a calendar file, for this member. */
    async ics(actor: Actor, id: string): Promise<string> {
      const row = await existing(id);
      const mine = await repo.rsvpsOf(actor.user.id, [id]);
      const going = actor.isAdmin || mine.get(id) === 'going';
      return calendar([icsEvent(row, going, new Date(now()))]);
    },

    async feedStatus(actor: Actor): Promise<CalendarFeedStatus> {
      const feed = await repo.feedOf(actor.user.id);
      return { active: feed !== null, createdAt: feed?.createdAt.toISOString() ?? null };
    },

    /** POST /api/calendar-feed: a new secret address (any earlier one stops working). */
    async createFeed(actor: Actor): Promise<CalendarFeedResponse> {
      const token = randomBytes(32).toString('base64url');
      await repo.setFeed(actor.user.id, feedTokenHash(token), new Date(now()));
      const url = `${origin().replace(/\/+$/, '')}${calendarFeedPath(token)}`;
      return { url, webcal: url.replace(/^https?:/, 'webcal:') };
    },

    /** DELETE /api/calendar-feed: the address stops working; false when there was none. */
    async revokeFeed(actor: Actor): Promise<boolean> {
      return repo.removeFeed(actor.user.id);
    },

    /**
     * GET /api/calendar/<token>.ics (no cookie: calendar apps): the member's sessions of the last 30
     * days and the next year, but those they said no to. A wrong or revoked token is 404.
     */
    async feed(token: string, address: string): Promise<string> {
      await feedAddressLimit.hit(address);
      const hash = feedTokenHash(token);
      const owner = await repo.feedOwner(hash);
      if (!owner) throw new AppError('not_found', 'Calendar feed not found');
      const admin = isAdminRow(owner, adminEmails);
      const suspended =
        owner.suspendedAt !== null &&
        (owner.suspendedUntil === null || owner.suspendedUntil.getTime() > now());
      if (!admin && (owner.membership !== 'active' || suspended))
        throw new AppError('not_found', 'Calendar feed not found');
      await feedLimit.hit(hash);
      const at = now();
      const rows = await repo.feedEvents(
        owner.id,
        new Date(at - FEED_PAST_MS),
        new Date(at + FEED_AHEAD_MS),
        LIST_LIMIT,
      );
      const stamp = new Date(at);
      return calendar(
        rows.map((r) => icsEvent(r.event, admin || r.status === 'going', stamp)),
        'Tribe36 sessions',
      );
    },
  };
}

export type EventsService = ReturnType<typeof eventsService>;
