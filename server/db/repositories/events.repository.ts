import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { RsvpStatus } from '../../../common/contracts/events-values';
import type { Db } from '../client';
import { calendarFeeds, eventRsvps, events, users, type EventRow, type UserRow } from '../schema';

export type NewEvent = {
  seriesId: string | null;
  title: string;
  description: string | null;
  startsAt: Date;
  durationMinutes: number;
  place: string | null;
  url: string | null;
  createdBy: string;
};

export type EventChange = Partial<
  Pick<EventRow, 'title' | 'description' | 'durationMinutes' | 'place' | 'url'>
> & {
  /** New starts, by event id: each occurrence moved to its own (a series keeps its wall-clock time). */
  moves?: ReadonlyMap<string, Date>;
};

export type Attendee = { eventId: string; id: string; username: string; name: string; status: RsvpStatus };
export type RsvpCounts = { going: number; maybe: number; no: number };

/** Which reminder a round claims: 24 h or 10 minutes before the start (decision 82). */
export type ReminderKind = 'day' | 'soon';

const endsAt = sql`${events.startsAt} + ${events.durationMinutes} * interval '1 minute'`;

/** Drizzle queries for sessions, their RSVPs and the members' calendar feeds (decision 82). */
export function eventsRepository(db: Db) {
  return {
    async insert(rows: readonly NewEvent[]): Promise<EventRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(events)
        .values([...rows])
        .returning();
    },

    async byId(id: string): Promise<EventRow | null> {
      const [row] = await db.select().from(events).where(eq(events.id, id));
      return row ?? null;
    },

    /** The event, and when `following`, the later occurrences of its series, by start. */
    async scope(row: EventRow, following: boolean): Promise<EventRow[]> {
      if (!following || row.seriesId === null) return [row];
      return db
        .select()
        .from(events)
        .where(and(eq(events.seriesId, row.seriesId), gte(events.startsAt, row.startsAt)))
        .orderBy(asc(events.startsAt));
    },

    /** Events that overlap [from, to), by start; at most `limit`. */
    async between(from: Date, to: Date, limit: number): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .where(and(lt(events.startsAt, to), sql`${endsAt} > ${from.toISOString()}`))
        .orderBy(asc(events.startsAt), asc(events.id))
        .limit(limit);
    },

    /**
     * Changes these events: each change raises `sequence` and `updated_at`; a moved start clears the
     * reminder claims so they are sent again for the new time.
     */
    async update(ids: readonly string[], change: EventChange, at: Date): Promise<EventRow[]> {
      if (ids.length === 0) return [];
      const { moves, ...fields } = change;
      const set = { ...fields, sequence: sql`${events.sequence} + 1`, updatedAt: at };
      if (!moves || moves.size === 0)
        return db
          .update(events)
          .set(set)
          .where(inArray(events.id, [...ids]))
          .returning();
      // Each occurrence has its own new start: one statement each, all or none.
      return db.transaction(async (tx) => {
        const out: EventRow[] = [];
        for (const id of ids) {
          const startsAt = moves.get(id);
          const rows = await tx
            .update(events)
            .set(startsAt ? { ...set, startsAt, remindedDayAt: null, remindedSoonAt: null } : set)
            .where(eq(events.id, id))
            .returning();
          out.push(...rows);
        }
        return out;
      });
    },

    async remove(ids: readonly string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .delete(events)
        .where(inArray(events.id, [...ids]))
        .returning({ id: events.id });
      return rows.length;
    },

    /** The viewer's answers to these events. */
    async rsvpsOf(userId: string, eventIds: readonly string[]): Promise<Map<string, RsvpStatus>> {
      if (eventIds.length === 0) return new Map();
      const rows = await db
        .select({ eventId: eventRsvps.eventId, status: eventRsvps.status })
        .from(eventRsvps)
        .where(and(eq(eventRsvps.userId, userId), inArray(eventRsvps.eventId, [...eventIds])));
      return new Map(rows.map((r) => [r.eventId, r.status]));
    },

    /** How many members answered each way, per event (deleted accounts left out). */
    async counts(eventIds: readonly string[]): Promise<Map<string, RsvpCounts>> {
      const out = new Map<string, RsvpCounts>();
      if (eventIds.length === 0) return out;
      const rows = await db
        .select({ eventId: eventRsvps.eventId, status: eventRsvps.status, n: sql<number>`count(*)::int` })
        .from(eventRsvps)
        .innerJoin(users, eq(users.id, eventRsvps.userId))
        .where(and(inArray(eventRsvps.eventId, [...eventIds]), isNull(users.deletedAt)))
        .groupBy(eventRsvps.eventId, eventRsvps.status);
      for (const r of rows) {
        const c = out.get(r.eventId) ?? { going: 0, maybe: 0, no: 0 };
        c[r.status] = Number(r.n);
        out.set(r.eventId, c);
      }
      return out;
    },

    /** Who answered these events (for coaches), by name. */
    async attendees(eventIds: readonly string[]): Promise<Attendee[]> {
      if (eventIds.length === 0) return [];
      return db
        .select({
          eventId: eventRsvps.eventId,
          id: users.id,
          username: users.username,
          name: users.name,
          status: eventRsvps.status,
        })
        .from(eventRsvps)
        .innerJoin(users, eq(users.id, eventRsvps.userId))
        .where(and(inArray(eventRsvps.eventId, [...eventIds]), isNull(users.deletedAt)))
        .orderBy(asc(users.name), asc(users.username));
    },

    /** The members going to each of these events. */
    async goingTo(eventIds: readonly string[]): Promise<{ eventId: string; userId: string }[]> {
      if (eventIds.length === 0) return [];
      return db
        .select({ eventId: eventRsvps.eventId, userId: eventRsvps.userId })
        .from(eventRsvps)
        .where(and(inArray(eventRsvps.eventId, [...eventIds]), eq(eventRsvps.status, 'going')));
    },

    async setRsvp(eventId: string, userId: string, status: RsvpStatus, at: Date): Promise<void> {
      await db
        .insert(eventRsvps)
        .values({ eventId, userId, status, updatedAt: at })
        .onConflictDoUpdate({
          target: [eventRsvps.eventId, eventRsvps.userId],
          set: { status, updatedAt: at },
        });
    },

    /**
     * Claims a reminder of every event whose moment has come (one conditional UPDATE … RETURNING,
     * so with several processes each event's reminder is claimed by exactly one of them). `day`: 24 h
     * before, for events that existed then (created at least 24 h before the start) and at most
     * `lateMs` after the moment; `soon`: 10 minutes before, until the start.
     */
    async claimReminders(kind: ReminderKind, now: Date, lateMs: number): Promise<EventRow[]> {
      const at = now.toISOString();
      if (kind === 'day') {
        return db
          .update(events)
          .set({ remindedDayAt: now })
          .where(
            and(
              isNull(events.remindedDayAt),
              gt(events.startsAt, now),
              sql`${events.startsAt} <= ${at}::timestamptz + interval '24 hours'`,
              sql`${events.startsAt} > ${at}::timestamptz + interval '24 hours' - ${lateMs} * interval '1 millisecond'`,
              sql`${events.createdAt} <= ${events.startsAt} - interval '24 hours'`,
            ),
          )
          .returning();
      }
      return db
        .update(events)
        .set({ remindedSoonAt: now })
        .where(
          and(
            isNull(events.remindedSoonAt),
            gt(events.startsAt, now),
            sql`${events.startsAt} <= ${at}::timestamptz + interval '10 minutes'`,
          ),
        )
        .returning();
    },

    /** A member's calendar feed: the hash of a new token replaces any earlier one. */
    async setFeed(userId: string, tokenHash: string, at: Date): Promise<void> {
      await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash, createdAt: at })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: at } });
    },

    async feedOf(userId: string): Promise<{ createdAt: Date } | null> {
      const [row] = await db
        .select({ createdAt: calendarFeeds.createdAt })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId));
      return row ?? null;
    },

    async removeFeed(userId: string): Promise<boolean> {
      const rows = await db
        .delete(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId))
        .returning({ userId: calendarFeeds.userId });
      return rows.length > 0;
    },

    /** The account a feed token's hash belongs to (a deleted account: none). */
    async feedOwner(tokenHash: string): Promise<UserRow | null> {
      const [row] = await db
        .select({ user: users })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(users.deletedAt)))
        .limit(1);
      return row?.user ?? null;
    },

    /** Events of [from, to) the member did not say no to, by start; at most `limit`. */
    async feedEvents(
      userId: string,
      from: Date,
      to: Date,
      limit: number,
    ): Promise<{ event: EventRow; status: RsvpStatus | null }[]> {
      const rows = await db
        .select({ event: events, status: eventRsvps.status })
        .from(events)
        .leftJoin(eventRsvps, and(eq(eventRsvps.eventId, events.id), eq(eventRsvps.userId, userId)))
        .where(
          and(
            gte(events.startsAt, from),
            lt(events.startsAt, to),
            sql`(${eventRsvps.status} is null or ${ne(eventRsvps.status, 'no')})`,
          ),
        )
        .orderBy(asc(events.startsAt))
        .limit(limit);
      return rows.map((r) => ({ event: r.event, status: r.status ?? null }));
    },
  };
}

export type EventsRepository = ReturnType<typeof eventsRepository>;
