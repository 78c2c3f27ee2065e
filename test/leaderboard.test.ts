// The leaderboard and streaks (issue 34 §3–4, decision 83): GET /api/leaderboard's points per kind, its
// periods in the community's time zone with a clock the test controls, privacy, who is left out, streaks
// across week boundaries and zones, the kept answer and its updates, and the time-zone setting.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextWeekStart, weekStart } from '../common/community-time';
import { POINTS, type LeaderboardResponse } from '../common/contracts/leaderboard';
import { TIME_ZONE_INVALID } from '../common/contracts/community';
import { apiCaller, createSecondInstance, createTestApp, type TestApp } from './helpers/app';
import { testDatabaseUrl } from './helpers/database';
import { buildUser, buildUsers, grantAdmin, type BuiltUser } from './helpers/factories';
import { uploadFrame } from './helpers/uploads';

const COACH = 'coach-board@example.com';
const ZONE = 'America/New_York';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Monday 00:00 in New York after today: the week the tests play in ends there.
const reset = nextWeekStart(Date.now(), ZONE);
let clock = reset - HOUR;

let t: TestApp;
let coach: BuiltUser;
const inject = apiCaller(() => t.app);

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: COACH }, { clock: () => clock, leaderboard: { staleMs: 0 } });
  coach = await buildUser(t.app, { email: COACH });
  const res = await inject('PATCH', '/api/admin/community', coach, { timeZone: ZONE });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const exec = (q: ReturnType<typeof sql>) => t.app.ctx.database.db.execute(q);
const iso = (ms: number) => new Date(ms).toISOString();

/** An attempt of `who` posted at `at` (replied to by a coach at `repliedAt`), written as the API stores it. */
async function attempt(who: BuiltUser, at: number, repliedAt?: number) {
  await exec(sql`insert into attempts (user_id, created_at, replied_at)
    values (${who.user.id}::uuid, ${iso(at)}::timestamptz, ${repliedAt ? iso(repliedAt) : null}::timestamptz)`);
}
const LESSONS = [
  ['intellectual', 'understanding-self', 'systems-theory'],
  ['emotional', 'emotion-neural-link', 'flow-state'],
  ['intellectual', 'understanding-self', 'what-constitutes-intelligence'],
] as const;
/** Lesson `k` first done by `who` at `at`. */
async function lessonDone(who: BuiltUser, k: number, at: number) {
  const [tank, topic, lesson] = LESSONS[k]!;
  await exec(sql`insert into lesson_progress (user_id, think_tank, topic_slug, lesson_slug, done_at, first_done_at)
    values (${who.user.id}::uuid, ${tank}, ${topic}, ${lesson}, ${iso(at)}::timestamptz, ${iso(at)}::timestamptz)`);
}

async function board(who: BuiltUser, period = 'week'): Promise<LeaderboardResponse> {
  const res = await inject('GET', `/api/leaderboard?period=${period}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LeaderboardResponse;
}
const rowOf = (b: LeaderboardResponse, who: BuiltUser) =>
  b.rows.find((r) => r.username === who.user.username);
/** Waits (with a deadline) until the board `who` sees satisfies `check`: changes arrive by NOTIFY. */
const until = async (who: BuiltUser, period: string, check: (b: LeaderboardResponse) => boolean) => {
  let last: LeaderboardResponse | undefined;
  await vi.waitFor(
    async () => {
      last = await board(who, period);
      if (!check(last)) throw new Error(`not yet: ${JSON.stringify(last)}`);
    },
    { timeout: 10_000, interval: 50 },
  );
  return last!;
};

describe('GET /api/leaderboard', () => {
  let ann: BuiltUser, bob: BuiltUser, cat: BuiltUser, dan: BuiltUser;
  beforeAll(async () => {
    [ann, bob, cat, dan] = await buildUsers(t.app, 4);
  });

  it('answers 401 to visitors, 400 to an unknown period, and a coach sees the board without a row of their own', async () => {
    expect((await inject('GET', '/api/leaderboard')).statusCode).toBe(401);
    const bad = await inject('GET', '/api/leaderboard?period=year', ann);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/period must be one of week, month, all/);
    const b = await board(coach);
    expect(b).toMatchObject({ period: 'week', timeZone: ZONE, me: null });
    expect(b.resetsAt).toBe(iso(reset));
  });

  it('gives points for lessons, attempts and coach replies, capped per day, never for chat messages', async () => {
    await lessonDone(ann, 0, clock - 2 * HOUR);
    await lessonDone(ann, 1, clock - 2 * HOUR);
    await attempt(bob, clock - 3 * HOUR, clock - HOUR);
    // Five attempts the same day: three earn points.
    for (let i = 0; i < 5; i++) await attempt(cat, clock - 4 * HOUR + i * 60_000);
    const chat = await inject('POST', '/api/chat/community', dan, { content: 'hello', messageType: 'text' });
    expect(chat.statusCode).toBe(201);
    const b = await until(ann, 'week', (x) => rowOf(x, cat) !== undefined);
    expect(rowOf(b, ann)?.points).toBe(2 * POINTS.lesson);
    expect(rowOf(b, bob)?.points).toBe(POINTS.attempt + POINTS.replied);
    expect(rowOf(b, cat)?.points).toBe(3 * POINTS.attempt);
    expect(rowOf(b, dan)).toBeUndefined();
    expect(b.me).toMatchObject({ points: 2 * POINTS.lesson, listed: true });
    // Ties share a rank; rows carry the member's name, handle, picture and streak.
    const ranks = b.rows.map((r) => [r.username, r.rank, r.points]);
    expect(ranks).toContainEqual([ann.user.username, expect.any(Number), 20]);
    expect(rowOf(b, bob)).toMatchObject({ name: bob.user.name, profilePicture: null, streak: 1 });
    const danBoard = await board(dan);
    expect(danBoard.me).toEqual({ rank: null, points: 0, streak: 0, listed: true });
  });

  it('shares a rank between ties and counts the next one after them', async () => {
    const b = await board(dan);
    const points = b.rows.map((r) => r.points);
    expect(points).toEqual([...points].sort((x, y) => y - x));
    for (let i = 1; i < b.rows.length; i++) {
      const [prev, row] = [b.rows[i - 1]!, b.rows[i]!];
      expect(row.rank).toBe(row.points === prev.points ? prev.rank : i + 1);
    }
  });

  it('counts a lesson once, in the week it was first done, through undo and redo', async () => {
    const [eve] = await buildUsers(t.app, 1);
    const path = `/api/progress/${LESSONS[2].join('/')}`;
    expect((await inject('PUT', path, eve)).statusCode).toBe(200);
    await until(eve, 'all', (x) => x.me?.points === POINTS.lesson);
    // Pretend it was first done last month, then undo and redo it now.
    await exec(sql`update lesson_progress set first_done_at = now() - interval '40 days'
      where user_id = ${eve.user.id}::uuid`);
    expect((await inject('DELETE', path, eve)).statusCode).toBe(200);
    await until(eve, 'all', (x) => x.me?.points === 0);
    expect((await inject('PUT', path, eve)).statusCode).toBe(200);
    const all = await until(eve, 'all', (x) => x.me?.points === POINTS.lesson);
    expect(all.me?.points).toBe(POINTS.lesson);
    expect((await board(eve, 'week')).me?.points).toBe(0);
  });

  it('takes an attempt’s points away when it is deleted', async () => {
    const [fay] = await buildUsers(t.app, 1);
    const posted = await inject('POST', '/api/attempts', fay, {
      target: { kind: 'chat' },
      caption: 'my rep',
      imageUrl: await uploadFrame(t.app, fay, [1, 2, 3]),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    // The kept board is made again once the database's NOTIFY arrives (staleMs 0 here).
    await until(fay, 'all', (x) => x.me?.points === POINTS.attempt);
    const id = posted.json().chatMessage.attempt.id as string;
    expect((await inject('DELETE', `/api/attempts/${id}`, fay)).statusCode).toBe(200);
    await until(fay, 'all', (x) => x.me?.points === 0);
  });

  it('resets the week on Monday 00:00 in the community’s time zone, not in UTC', async () => {
    const [gus] = await buildUsers(t.app, 1);
    // Sunday 23:30 New York is Monday in UTC: still this week.
    await attempt(gus, reset - 30 * 60_000 - 20 * 60_000);
    const before = await until(gus, 'week', (x) => x.me?.points === POINTS.attempt);
    expect(before.from).toBe(iso(weekStart(clock, ZONE)));
    clock = reset + 60_000;
    try {
      const after = await board(gus, 'week');
      expect(after.from).toBe(iso(reset));
      expect(after.me).toMatchObject({ points: 0, rank: null });
      // The streak survives the new week until it ends without an attempt.
      expect(after.me?.streak).toBe(1);
      expect((await board(gus, 'all')).me?.points).toBe(POINTS.attempt);
    } finally {
      clock = reset - HOUR;
    }
  });

  it('never lists a private member by name; they see the rank their points hold', async () => {
    const [hal, ida] = await buildUsers(t.app, 2);
    await exec(sql`update users set privacy_level = 'private' where id = ${hal.user.id}::uuid`);
    await t.app.ctx.sessions.userChanged(hal.user.id);
    for (let d = 0; d < 6; d++) await attempt(hal, clock - 2 * HOUR - d * 60_000, clock - HOUR);
    const own = await until(hal, 'week', (x) => (x.me?.points ?? 0) > 0);
    expect(own.me).toMatchObject({ rank: 1, listed: false });
    expect(rowOf(own, hal)).toBeUndefined();
    const seen = await board(ida);
    expect(JSON.stringify(seen)).not.toContain(hal.user.username);
    expect(JSON.stringify(seen)).not.toContain(hal.user.name);
    // The first listed member is still rank 1: the private member holds no place others see.
    expect(seen.rows[0]?.rank).toBe(1);
  });

  it('leaves out coaches (by ADMIN_EMAILS or is_admin), pending and suspended members', async () => {
    const [jon, kim, lea, viewer] = await buildUsers(t.app, 4);
    for (const who of [jon, kim, lea]) await attempt(who, clock - HOUR);
    await grantAdmin(t.app, jon);
    await attempt(coach, clock - HOUR);
    await exec(sql`update users set membership = 'pending' where id = ${kim.user.id}::uuid`);
    await exec(
      sql`update users set suspended_at = now(), suspension_reason = 'spam' where id = ${lea.user.id}::uuid`,
    );
    const b = await until(viewer, 'week', (x) => !x.rows.some((r) => r.username === lea.user.username));
    for (const who of [coach, jon, kim, lea]) expect(rowOf(b, who), who.user.username).toBeUndefined();
  });

  it('puts a suspended member back on the board when the suspension ends, with nothing else changed', async () => {
    const [max, viewer] = await buildUsers(t.app, 2);
    await attempt(max, clock - HOUR);
    const start = clock;
    await exec(sql`update users set suspended_at = ${iso(clock)}::timestamptz, suspension_reason = 'cooling off',
      suspended_until = ${iso(clock + 10 * 60_000)}::timestamptz where id = ${max.user.id}::uuid`);
    await until(viewer, 'week', (x) => !x.rows.some((r) => r.username === max.user.username));
    try {
      // The end changes no row, so no notification comes: the kept board ends with the suspension.
      clock = start + 10 * 60_000 + 1;
      expect(rowOf(await board(viewer), max)?.points).toBe(5);
    } finally {
      clock = start;
    }
  });

  it('hides a member who blocks the viewer, ranking the rest again', async () => {
    const [top, blocked] = await buildUsers(t.app, 2);
    for (let d = 0; d < 3; d++) await attempt(top, clock - d * DAY - HOUR, clock - HOUR);
    await until(blocked, 'week', (x) => x.rows[0]?.username === top.user.username);
    expect((await inject('POST', `/api/members/${blocked.user.username}/block`, top)).statusCode).toBe(204);
    const b = await board(blocked);
    expect(rowOf(b, top)).toBeUndefined();
    expect(b.rows[0]?.rank).toBe(1);
    // The blocker does not see the member they block either.
    expect(rowOf(await board(top), blocked)).toBeUndefined();
  });
});

describe('streaks', () => {
  it('count weeks in a row with an attempt in the community’s weeks, and break after an empty one', async () => {
    const [mia, ned, oli] = await buildUsers(t.app, 3);
    // This week and the two before: 3.
    for (const w of [0, 1, 2]) await attempt(mia, clock - w * 7 * DAY - HOUR);
    // The two weeks before this one, nothing yet this week: 2 (the week is not over).
    for (const w of [1, 2]) await attempt(ned, clock - w * 7 * DAY - HOUR);
    // Three weeks ago and four: broken by the empty weeks since.
    for (const w of [3, 4]) await attempt(oli, clock - w * 7 * DAY - HOUR);
    const b = await until(mia, 'all', (x) => x.me?.streak === 3);
    expect(rowOf(b, mia)?.streak).toBe(3);
    expect(rowOf(b, ned)?.streak).toBe(2);
    expect(rowOf(b, oli)?.streak).toBe(0);
    // The profile shows it, where the profile may be seen.
    const profile = await inject('GET', `/api/members/username/${ned.user.username}`, mia);
    expect(profile.json().streak).toBe(2);
  });

  it('follow the zone: Sunday night in New York is the week before Monday in UTC', async () => {
    const [pam] = await buildUsers(t.app, 1);
    // Last week's Sunday 22:00 and this week's Monday 02:00 in New York: two weeks in a row here; in
    // UTC both are on one Monday (03:00 and 07:00), the week before the clock's (Monday 04:00 UTC).
    const monday = weekStart(clock, ZONE);
    await attempt(pam, monday - 2 * HOUR);
    await attempt(pam, monday + 2 * HOUR);
    await until(pam, 'all', (x) => x.me?.streak === 2);
    expect((await inject('PATCH', '/api/admin/community', coach, { timeZone: 'UTC' })).statusCode).toBe(200);
    try {
      const utc = await until(pam, 'all', (x) => x.timeZone === 'UTC');
      expect(utc.me?.streak).toBe(1);
    } finally {
      await inject('PATCH', '/api/admin/community', coach, { timeZone: ZONE });
      await until(pam, 'all', (x) => x.timeZone === ZONE);
    }
  });
});

describe('the kept board', () => {
  it('is kept until the database names a change: the member named is worked out again, the rest at the next whole making', async () => {
    const [quinn, rex] = await buildUsers(t.app, 2);
    const before = await board(quinn, 'all');
    // A change written with the triggers off announces nothing: the kept board does not see it.
    await t.app.ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`insert into attempts (user_id, created_at) values (${quinn.user.id}::uuid, ${iso(clock - HOUR)}::timestamptz)`,
      );
    });
    expect((await board(quinn, 'all')).me?.points).toBe(before.me?.points);
    // An announced change names its member: rex shows, quinn's unannounced one still does not.
    await attempt(rex, clock - HOUR);
    await until(rex, 'all', (x) => x.me?.points === POINTS.attempt);
    expect((await board(quinn, 'all')).me?.points).toBe(before.me?.points);
    // Made whole again once older than its life (5 minutes), behind the kept one: then it does.
    clock += 6 * 60_000;
    try {
      await until(quinn, 'all', (x) => x.me?.points === POINTS.attempt);
    } finally {
      clock -= 6 * 60_000;
    }
  });

  it.runIf(testDatabaseUrl)('shows an attempt posted through another server process', async () => {
    const other = await createSecondInstance(t);
    try {
      const [uma] = await buildUsers(t.app, 1);
      await board(uma, 'all');
      const posted = await inject(
        'POST',
        '/api/attempts',
        uma,
        {
          target: { kind: 'chat' },
          caption: 'from the other one',
          imageUrl: await uploadFrame(t.app, uma, [7, 8, 9]),
        },
        other.app,
      );
      expect(posted.statusCode, posted.body).toBe(201);
      await until(uma, 'all', (x) => x.me?.points === POINTS.attempt);
    } finally {
      await other.close();
    }
  });

  it('answers 304 to a request naming its ETag', async () => {
    const [sam] = await buildUsers(t.app, 1);
    const first = await inject('GET', '/api/leaderboard?period=month', sam);
    const again = await t.app.inject({
      url: '/api/leaderboard?period=month',
      headers: { cookie: sam.cookie, 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the community’s time zone', () => {
  it('is set by a coach only, refused with 400 when Intl does not know it, and read by members', async () => {
    const [tom] = await buildUsers(t.app, 1);
    expect(
      (await inject('PATCH', '/api/admin/community', tom, { timeZone: 'Europe/Paris' })).statusCode,
    ).toBe(403);
    const bad = await inject('PATCH', '/api/admin/community', coach, { timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: TIME_ZONE_INVALID });
    const empty = await inject('PATCH', '/api/admin/community', coach, {});
    expect(empty.statusCode).toBe(400);
    const read = await inject('GET', '/api/community/settings', tom);
    expect(read.json()).toEqual({ timeZone: ZONE });
    expect((await inject('GET', '/api/community/settings')).statusCode).toBe(401);
    const admin = await inject('GET', '/api/admin/community', coach);
    expect(admin.json()).toEqual({ admission: 'open', timeZone: ZONE });
  });
});
