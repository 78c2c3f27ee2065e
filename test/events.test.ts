// Sessions (issue 34 §2, decision 82): who may set and change them, bad input, RSVP, the meeting link's
// privacy, coaches and those going told of changes, the .ics files and the calendar feed read by an
// iCalendar library, and reminders sent exactly once by concurrent rounds and by two server instances.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Event } from '../common/contracts/events';
import type { Notification } from '../common/contracts/notifications';
import { createSecondInstance } from './helpers/app';
import { eventsRepository } from '../server/db/repositories/events.repository';
import { eventReminders } from '../server/modules/events/event-reminders';
import { testDatabaseUrl } from './helpers/database';
import { at, HOUR, MINUTE, useTestAppWithCoach, type BuiltUser } from './helpers/factories';

/** The app's clock (config.clock), on a whole minute: tests move it. */
let clock = Math.floor(Date.now() / MINUTE) * MINUTE;
const app = useTestAppWithCoach('events-coach@example.com', 3, { clock: () => clock });
const { t, coach, call } = app;
const [ann, bob, cat] = app.members;

async function create(body: Record<string, unknown>): Promise<Event[]> {
  const res = await call('POST', '/api/events', coach, {
    title: 'Film study',
    durationMinutes: 60,
    startsAt: at(clock + 48 * HOUR),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().events as Event[];
}
async function rsvp(who: BuiltUser, id: string, status: string) {
  const res = await call('PUT', `/api/events/${id}/rsvp`, who, { status });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Event;
}
async function one(who: BuiltUser, id: string): Promise<Event> {
  const res = await call('GET', `/api/events/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Event;
}
async function notes(who: BuiltUser, kind: Notification['kind'], eventId: string): Promise<Notification[]> {
  const res = await call('GET', '/api/notifications?limit=50', who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().notifications as Notification[]).filter(
    (n) => n.kind === kind && n.target.type === 'event' && n.target.eventId === eventId,
  );
}
function vevents(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((v) => ({ v, e: new ICAL.Event(v) }));
}

describe('who may set sessions, and bad input', () => {
  it('answers a visitor 401 and a member 403', async () => {
    expect((await call('GET', '/api/events')).statusCode).toBe(401);
    const res = await call('POST', '/api/events', ann, {
      title: 'Mine',
      startsAt: at(clock + HOUR),
      durationMinutes: 30,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Only coaches can set, change or cancel sessions');
    const [e] = await create({});
    expect((await call('PATCH', `/api/events/${e!.id}`, ann, { title: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/events/${e!.id}`, ann)).statusCode).toBe(403);
  });

  it.each([
    [{ startsAt: at(Date.now() - HOUR) }, 'startsAt must be in the future'],
    [{ startsAt: 'tomorrow' }, 'startsAt must be an ISO 8601 date-time'],
    [{ durationMinutes: 0 }, 'durationMinutes must be 1 to 1440'],
    [{ durationMinutes: 1441 }, 'durationMinutes must be 1 to 1440'],
    [{ durationMinutes: 1.5 }, 'durationMinutes must be a whole number of minutes'],
    [{ title: '   ' }, 'title must not be empty'],
    [{ title: 'x'.repeat(121) }, 'title must be at most 120 characters'],
    [{ title: 'a\u0000b' }, 'title must not contain a NUL character'],
    [{ description: 'x'.repeat(4001) }, 'description must be at most 4000 characters'],
    [{ url: 'javascript:alert(1)' }, 'url must be an http(s) address'],
    [{ url: 'ftp://example.com/x' }, 'url must be an http(s) address'],
    [{ place: 'Gym', url: 'https://meet.example.com/x' }, 'Give either a place or a meeting url, not both'],
    [{ recurrence: { weekly: true, count: 25 } }, 'recurrence.count must be 2 to 24'],
    [{ recurrence: { weekly: true, count: 1 } }, 'recurrence.count must be 2 to 24'],
  ])('refuses %j with 400', async (change, error) => {
    const res = await call('POST', '/api/events', coach, {
      title: 'Film study',
      startsAt: at(clock + 48 * HOUR),
      durationMinutes: 60,
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toContain(error);
  });

  it('refuses a range that is too long or backwards, and unknown ids', async () => {
    const far = await call('GET', `/api/events?from=${at(clock)}&to=${at(clock + 400 * 24 * HOUR)}`, ann);
    expect(far.statusCode).toBe(400);
    expect(far.json().error).toBe('from and to must be at most 366 days apart');
    expect((await call('GET', `/api/events?from=${at(clock)}&to=${at(clock - HOUR)}`, ann)).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/api/events/not-an-id', ann)).statusCode).toBe(400);
    const missing = await call('PUT', `/api/events/${crypto.randomUUID()}/rsvp`, ann, { status: 'going' });
    expect(missing.statusCode).toBe(404);
    const [e] = await create({});
    const bad = await call('PUT', `/api/events/${e!.id}/rsvp`, ann, { status: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('status must be one of going, maybe, no');
  });
});

describe('sessions, series and RSVP', () => {
  it('makes a weekly series, one row each sharing a seriesId, and lists them in a range', async () => {
    const start = clock + 72 * HOUR;
    const series = await create({
      title: 'Weekly lift',
      startsAt: at(start),
      recurrence: { weekly: true, count: 3 },
    });
    expect(series).toHaveLength(3);
    expect(new Set(series.map((e) => e.seriesId)).size).toBe(1);
    expect(series[0]!.seriesId).not.toBeNull();
    expect(series.map((e) => Date.parse(e.startsAt) - start)).toEqual([0, 7 * 24 * HOUR, 14 * 24 * HOUR]);
    const res = await call(
      'GET',
      `/api/events?from=${at(start - MINUTE)}&to=${at(start + 8 * 24 * HOUR)}`,
      ann,
    );
    expect(res.statusCode).toBe(200);
    const ids = (res.json().events as Event[]).map((e) => e.id);
    expect(ids).toContain(series[0]!.id);
    expect(ids).toContain(series[1]!.id);
    expect(ids).not.toContain(series[2]!.id);
  });

  it("keeps a weekly series at its wall-clock time in the community's time zone across a clock change", async () => {
    const zone = async (timeZone: string) =>
      expect((await call('PATCH', '/api/admin/community', coach, { timeZone })).statusCode).toBe(200);
    await zone('Europe/Paris');
    try {
      // Monday 25 October 2027, 19:00 in Paris (summer time, 17:00 UTC); the clocks go back on the 31st,
      // so the next Monday's 19:00 is 18:00 UTC: 169 hours later, not 168.
      const series = await create({
        title: 'Evening lift',
        startsAt: '2027-10-25T17:00:00.000Z',
        recurrence: { weekly: true, count: 2 },
      });
      expect(series.map((e) => e.startsAt)).toEqual(['2027-10-25T17:00:00.000Z', '2027-11-01T18:00:00.000Z']);
      // Moved to 20:00 with scope=following, each occurrence is at 20:00 Paris time on its own day, the
      // clock change between them or not: not the first one's shift of an hour added to the others.
      const moved = await call('PATCH', `/api/events/${series[0]!.id}?scope=following`, coach, {
        startsAt: '2027-10-25T18:00:00.000Z',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((moved.json().events as Event[]).map((e) => e.startsAt)).toEqual([
        '2027-10-25T18:00:00.000Z',
        '2027-11-01T19:00:00.000Z',
      ]);
      // And a day later (Tuesday 20:00), every occurrence a day later at the same wall-clock time.
      const later = await call('PATCH', `/api/events/${series[1]!.id}?scope=following`, coach, {
        startsAt: '2027-11-02T19:00:00.000Z',
      });
      expect((later.json().events as Event[]).map((e) => e.startsAt)).toEqual(['2027-11-02T19:00:00.000Z']);
      expect((await one(ann, series[0]!.id)).startsAt).toBe('2027-10-25T18:00:00.000Z');
    } finally {
      await zone('UTC');
    }
  });

  it('shows the meeting link only to those going and coaches, and who comes only to coaches', async () => {
    const [e] = await create({ title: 'Video call', url: 'https://meet.example.com/abc' });
    const seen = await one(ann, e!.id);
    expect(seen.url).toBeUndefined();
    expect(seen.online).toBe(true);
    expect(seen.attendees).toBeUndefined();
    expect(seen.myRsvp).toBeNull();
    expect((await rsvp(ann, e!.id, 'going')).url).toBe('https://meet.example.com/abc');
    expect((await rsvp(bob, e!.id, 'maybe')).url).toBeUndefined();
    await rsvp(cat, e!.id, 'no');
    const list = await call('GET', '/api/events', bob);
    const forBob = (list.json().events as Event[]).find((x) => x.id === e!.id)!;
    expect(forBob.url).toBeUndefined();
    expect(list.body).not.toContain('meet.example.com');
    expect(forBob.counts).toEqual({ going: 1, maybe: 1, no: 1 });
    const forCoach = await one(coach, e!.id);
    expect(forCoach.url).toBe('https://meet.example.com/abc');
    expect(forCoach.attendees!.map((a) => [a.username, a.status]).sort()).toEqual(
      [
        [ann.user.username, 'going'],
        [bob.user.username, 'maybe'],
        [cat.user.username, 'no'],
      ].sort(),
    );
    // Changing one's mind: no longer going, no link.
    expect((await rsvp(ann, e!.id, 'maybe')).url).toBeUndefined();
  });

  it('closes answers once a session has started (409) and refuses a deleted one (404)', async () => {
    const [e] = await create({ startsAt: at(clock + 2 * HOUR) });
    const [gone] = await create({});
    expect((await call('DELETE', `/api/events/${gone!.id}`, coach)).statusCode).toBe(200);
    expect((await call('PUT', `/api/events/${gone!.id}/rsvp`, ann, { status: 'going' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/events/${gone!.id}`, ann)).statusCode).toBe(404);
    const saved = clock;
    clock += 3 * HOUR;
    try {
      const res = await call('PUT', `/api/events/${e!.id}/rsvp`, ann, { status: 'going' });
      expect(res.statusCode).toBe(409);
      expect((await call('PATCH', `/api/events/${e!.id}`, coach, { title: 'Late' })).statusCode).toBe(409);
    } finally {
      clock = saved;
    }
  });
});

describe('changes and cancellations', () => {
  it('tells the members going when a session moves or changes, and raises its sequence', async () => {
    const [e] = await create({ title: 'Scrimmage' });
    await rsvp(ann, e!.id, 'going');
    await rsvp(bob, e!.id, 'maybe');
    const moved = await call('PATCH', `/api/events/${e!.id}`, coach, { startsAt: at(clock + 50 * HOUR) });
    expect(moved.statusCode, moved.body).toBe(200);
    const [after] = moved.json().events as Event[];
    expect(after!.sequence).toBe(e!.sequence + 1);
    expect(Date.parse(after!.startsAt)).toBe(clock + 50 * HOUR);
    const told = await notes(ann, 'event-changed', e!.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.excerpt).toMatch(/^Scrimmage: now /);
    expect(told[0]!.actor?.username).toBe(coach.user.username);
    expect(await notes(bob, 'event-changed', e!.id)).toHaveLength(0);
    // A second change is a second notice.
    await call('PATCH', `/api/events/${e!.id}`, coach, { description: 'Bring both kits' });
    expect(await notes(ann, 'event-changed', e!.id)).toHaveLength(2);
    // Past starts are refused.
    const past = await call('PATCH', `/api/events/${e!.id}`, coach, { startsAt: at(clock - MINUTE) });
    expect(past.statusCode).toBe(400);
  });

  it('changes or cancels the rest of a series with scope=following, telling those going first', async () => {
    const series = await create({ title: 'Tuesday film', recurrence: { weekly: true, count: 4 } });
    await rsvp(ann, series[2]!.id, 'going');
    const res = await call('PATCH', `/api/events/${series[1]!.id}?scope=following`, coach, {
      title: 'Tuesday tape',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().events as Event[]).map((e) => e.id)).toEqual(series.slice(1).map((e) => e.id));
    expect((await one(ann, series[0]!.id)).title).toBe('Tuesday film');
    expect((await one(ann, series[3]!.id)).title).toBe('Tuesday tape');
    const del = await call('DELETE', `/api/events/${series[2]!.id}?scope=following`, coach);
    expect(del.json()).toEqual({ deleted: 2 });
    const told = await notes(ann, 'event-changed', series[2]!.id);
    expect(told.map((n) => n.excerpt)).toContain('Cancelled: Tuesday tape');
    expect((await call('GET', `/api/events/${series[3]!.id}`, ann)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${series[1]!.id}`, ann)).statusCode).toBe(200);
  });
});

describe('calendar files', () => {
  it('answers a valid VEVENT, with the meeting link only for those going', async () => {
    const [e] = await create({
      title: 'Film, study; part 2',
      description: 'Line one\nline two with a long text '.repeat(4),
      url: 'https://meet.example.com/film',
    });
    const mine = await call('GET', `/api/events/${e!.id}.ics`, bob);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(mine.body).not.toContain('meet.example.com');
    for (const line of mine.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const [{ v, e: ev }] = vevents(mine.body) as [{ v: ICAL.Component; e: ICAL.Event }];
    const host = new URL(t.app.ctx.linkOrigin.current).host;
    expect(ev.uid).toBe(`${e!.id}@${host}`);
    expect(ev.summary).toBe('Film, study; part 2');
    expect(ev.description).toBe('Line one\nline two with a long text '.repeat(4).trim());
    expect(ev.startDate.toJSDate().toISOString()).toBe(e!.startsAt);
    expect(ev.endDate.toJSDate().toISOString()).toBe(e!.endsAt);
    expect(mine.body).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);
    expect(v.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(v.getFirstPropertyValue('url')).toBe(`${t.app.ctx.linkOrigin.current}/events?event=${e!.id}`);
    expect(v.getFirstPropertyValue('location')).toBeNull();
    expect(ev.sequence).toBe(0);
    await rsvp(bob, e!.id, 'going');
    const going = vevents((await call('GET', `/api/events/${e!.id}.ics`, bob)).body)[0]!;
    expect(going.v.getFirstPropertyValue('location')).toBe('https://meet.example.com/film');
    expect((await call('GET', `/api/events/${e!.id}.ics`)).statusCode).toBe(401);
    expect((await call('GET', `/api/events/${crypto.randomUUID()}.ics`, bob)).statusCode).toBe(404);
  });

  it('gives a member a secret feed of the sessions they did not say no to, replaced and revoked', async () => {
    const [yes] = await create({ title: 'Feed yes', place: 'Field 2' });
    const [no] = await create({ title: 'Feed no' });
    await rsvp(cat, no!.id, 'no');
    expect((await call('GET', '/api/calendar-feed', cat)).json()).toEqual({ active: false, createdAt: null });
    const made = await call('POST', '/api/calendar-feed', cat);
    expect(made.statusCode, made.body).toBe(201);
    const { url, webcal } = made.json() as { url: string; webcal: string };
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
    expect(webcal).toBe(url.replace(/^https?:/, 'webcal:'));
    expect((await call('GET', '/api/calendar-feed', cat)).json().active).toBe(true);
    const path = new URL(url).pathname;
    // Only the token's SHA-256 is stored.
    const token = path.slice('/api/calendar/'.length, -'.ics'.length);
    const stored = await t.app.ctx.database.db.execute(
      `select token_hash from calendar_feeds where user_id = '${cat.user.id}'` as never,
    );
    const rows = (stored as unknown as { rows: { token_hash: string }[] }).rows;
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(token);
    const feed = await call('GET', path);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const titles = vevents(feed.body).map((x) => x.e.summary);
    expect(titles).toContain('Feed yes');
    expect(titles).not.toContain('Feed no');
    expect(vevents(feed.body).find((x) => x.e.summary === 'Feed yes')!.e.location).toBe('Field 2');
    expect(yes).toBeTruthy();
    // A new address replaces the old one; revoking ends it; a wrong one is 404.
    const again = (await call('POST', '/api/calendar-feed', cat)).json() as { url: string };
    expect((await call('GET', path)).statusCode).toBe(404);
    const path2 = new URL(again.url).pathname;
    expect((await call('GET', path2)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/calendar-feed', cat)).statusCode).toBe(204);
    expect((await call('GET', path2)).statusCode).toBe(404);
    expect((await call('GET', '/api/calendar/wrong-token.ics')).statusCode).toBe(404);
    expect((await call('POST', '/api/calendar-feed')).statusCode).toBe(401);
  });

  it('rate-limits one feed', async () => {
    const { url } = (await call('POST', '/api/calendar-feed', bob)).json() as { url: string };
    const path = new URL(url).pathname;
    let last = 0;
    for (let i = 0; i < 21; i += 1) last = (await call('GET', path)).statusCode;
    expect(last).toBe(429);
  });
});

describe('reminders', () => {
  it('sends each reminder once to those going, even when two rounds run at once', async () => {
    const start = clock + 30 * HOUR;
    const [e] = await create({ title: 'Reminded', startsAt: at(start) });
    await rsvp(ann, e!.id, 'going');
    await rsvp(bob, e!.id, 'maybe');
    const reminders = t.app.ctx.eventReminders;
    const saved = clock;
    try {
      clock = start - 24 * HOUR + MINUTE;
      await Promise.all([reminders.round(), reminders.round(), reminders.run()]);
      let got = await notes(ann, 'event-reminder', e!.id);
      expect(got).toHaveLength(1);
      expect(got[0]!.excerpt).toBe('Reminded: starts in 24 hours');
      expect(await notes(bob, 'event-reminder', e!.id)).toHaveLength(0);
      clock = start - 9 * MINUTE;
      await Promise.all([reminders.round(), reminders.round()]);
      got = await notes(ann, 'event-reminder', e!.id);
      expect(got.map((n) => n.excerpt)).toEqual([
        'Reminded: starts in 9 minutes',
        'Reminded: starts in 24 hours',
      ]);
      await reminders.round();
      expect(await notes(ann, 'event-reminder', e!.id)).toHaveLength(2);
    } finally {
      clock = saved;
    }
  });

  it('skips the 24-hour reminder of a session set within 24 hours, and reminds again after a move', async () => {
    const [soon] = await create({ title: 'Short notice', startsAt: at(clock + 5 * MINUTE) });
    await rsvp(ann, soon!.id, 'going');
    await t.app.ctx.eventReminders.round();
    expect((await notes(ann, 'event-reminder', soon!.id)).map((n) => n.excerpt)).toEqual([
      'Short notice: starts in 5 minutes',
    ]);
    const moved = await call('PATCH', `/api/events/${soon!.id}`, coach, { startsAt: at(clock + 8 * MINUTE) });
    expect(moved.statusCode).toBe(200);
    await t.app.ctx.eventReminders.round();
    expect(await notes(ann, 'event-reminder', soon!.id)).toHaveLength(2);
  });

  it('claims each reminder in one round only: two rounds at once hand it on once', async () => {
    const start = clock + 40 * HOUR;
    const [e] = await create({ title: 'Claimed once', startsAt: at(start) });
    await rsvp(cat, e!.id, 'going');
    const told: string[] = [];
    const spy = (which: string) =>
      eventReminders({
        repo: eventsRepository(t.app.ctx.database.db),
        produce: {
          eventReminder: async (kind, reminders) => {
            for (const r of reminders) if (r.eventId === e!.id) told.push(`${which} ${kind}`);
          },
        },
        now: () => clock,
        log: { warn: () => {} },
      });
    const [one, two] = [spy('a'), spy('b')];
    const saved = clock;
    try {
      clock = start - 24 * HOUR + MINUTE;
      await Promise.all([one.round(), two.round(), one.round(), two.round()]);
      expect(told.filter((x) => x.endsWith('day'))).toHaveLength(1);
      clock = start - 5 * MINUTE;
      await Promise.all([two.round(), one.round(), two.round(), one.round()]);
      expect(told.filter((x) => x.endsWith('soon'))).toHaveLength(1);
    } finally {
      clock = saved;
    }
  });

  it.skipIf(!testDatabaseUrl)('sends each reminder once from two instances on one database', async () => {
    const start = clock + 3 * 24 * HOUR;
    const [e] = await create({ title: 'Two instances', startsAt: at(start) });
    await rsvp(ann, e!.id, 'going');
    await rsvp(cat, e!.id, 'going');
    const other = await createSecondInstance(t);
    const saved = clock;
    try {
      clock = start - 24 * HOUR + 30 * 1000;
      const a = t.app.ctx.eventReminders;
      const b = other.app.ctx.eventReminders;
      await Promise.all([a.round(), b.round(), a.round(), b.round()]);
      clock = start - 10 * MINUTE;
      await Promise.all([b.round(), a.round(), b.round(), a.round()]);
      for (const who of [ann, cat]) {
        const got = await notes(who, 'event-reminder', e!.id);
        expect(got.map((n) => n.excerpt)).toEqual([
          'Two instances: starts in 10 minutes',
          'Two instances: starts in 24 hours',
        ]);
      }
    } finally {
      clock = saved;
      await other.close();
    }
  });
});
