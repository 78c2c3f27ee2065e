// Benchmark (issue 34, decision 83): GET /api/leaderboard?period=week|all and GET /api/assignments with
// 10,000 members, 100,000 attempts and 2,000 assignments, each p95 beside the chat poll's p95
// (GET /api/chat/community?after=N, what the chat polls) measured in the same run on the same server.
// Goal: at most 2× the poll's p95; exits 1 when missed.
//
// node --import tsx bench/access.ts [--members 10000] [--attempts 100000] [--assignments 2000]
//   [--sample 200] [--count 3000] [--connections 10]
// On PostgreSQL: BENCH_DATABASE_URL=postgres://user@host:port/postgres node --import tsx bench/access.ts
// (it creates and drops a database of its own; BENCH_KEEP=1 keeps it).
//
// Seeded in SQL, not through the API (as bench/progress.ts): the members (one password hash; one in
// ten private), a coach; the attempts spread over the last year (one in four replied to by a coach a
// day later), lessons done (member n the first n % 37, first done across the year), and the assignments
// (a lesson each, five members each, due across the year, done where the member posted after). The
// community's time zone is Europe/Paris. `--sample` members get a session as sign-in makes one; the
// requests go round them. Each figure: `--count` visits over `--connections` keep-alive connections from
// another process (bench/lib/latency-load.ts), after one visit per sampled member to warm up; two rounds
// taking turns, the better p95 of each kept. Also printed: the time one board computation took (the
// statements a request pays for when the kept board is stale), and the leaderboard asked with the ETag
// of its last answer (304).
import { sql } from 'drizzle-orm';
import type { LeaderboardResponse } from '../common/contracts/leaderboard';
import { leaderboardRepository } from '../server/db/repositories/leaderboard.repository';
import { dayStarts, monthStart, weekStart, weekStarts } from '../common/community-time';
import { LEADERBOARD_STALE_MS } from '../server/modules/leaderboard/leaderboard.cache';
import * as ratio from './lib/poll-ratio';

const { BROWSER, GOAL, get, curriculumTable: curriculum, seededMembers: members } = ratio;

const { members: MEMBERS, sample: SAMPLE, count: COUNT, connections: CONNECTIONS } = ratio.ratioFlags();
const ATTEMPTS = ratio.flag('attempts', 100_000);
const ASSIGNMENTS = ratio.flag('assignments', 2_000);

const { bench, db, started, database, count, close } = await ratio.startRatioBench();

// --- Seeding ---------------------------------------------------------------------------------------
await ratio.seedMembers(db, MEMBERS, { privateEvery: 10 });
await db.execute(sql`insert into community_settings (id, time_zone) values (1, 'Europe/Paris')
  on conflict (id) do update set time_zone = excluded.time_zone`);

// Attempt k belongs to member (k * 7919) % MEMBERS + 1 (uneven: some post many, some none), posted at a
// pseudo-random time in the last 365 days; one in four replied to a day later (if that is past).
await db.execute(sql`
  insert into attempts (user_id, caption, created_at, replied_at)
  select m.id, 'My attempt', a.at, case when k % 4 = 0 and a.at < now() - interval '1 day' then a.at + interval '1 day' end
  from generate_series(1::bigint, ${ATTEMPTS}) k
  cross join lateral (select now() - ((k * 104729) % 525600) * interval '1 minute' as at) a
  join ${members} m on m.n = ((k * 7919) % ${MEMBERS}) + 1`);
await db.execute(sql`
  insert into lesson_progress (user_id, think_tank, topic_slug, lesson_slug, done_at, first_done_at, opened_at)
  select m.id, c.think_tank, c.topic_slug, c.lesson_slug, d.at, d.at, d.at
  from ${members} m cross join ${curriculum}
  cross join lateral (select now() - (((m.n::bigint * 37 + c.n) * 7907) % 525600) * interval '1 minute' as at) d
  where c.n < m.n % 37`);
await db.execute(sql`
  insert into assignments (think_tank, topic_slug, lesson_slug, due_at, note, created_by, created_at)
  select c.think_tank, c.topic_slug, c.lesson_slug,
         now() + ((k % 400) - 300) * interval '1 day', 'Film three reps from the side',
         (select id from users where username = 'coach'),
         now() + ((k % 400) - 307) * interval '1 day'
  from generate_series(1, ${ASSIGNMENTS}) k join ${curriculum} on c.n = k % 36`);
await db.execute(sql`
  insert into assignment_members (assignment_id, user_id)
  select a.id, m.id
  from (select id, row_number() over (order by id) as r from assignments) a
  cross join generate_series(0, 4) j
  join ${members} m on m.n = ((a.r * 5 + j) % ${MEMBERS}) + 1`);
for (const table of ['users', 'lesson_progress', 'attempts', 'assignments', 'assignment_members'])
  await db.execute(sql.raw(`analyze ${table}`));

// Sessions of the sampled members, as sign-in makes them.
const step = Math.floor(MEMBERS / SAMPLE);
const sampled = Array.from({ length: SAMPLE }, (_, i) => 1 + i * step);
const { members: ids, cookies } = await ratio.signInSampled(db, sampled);

// The chat room the poll asks about: 100 messages, 10 from each of 10 sampled members.
const poll = await ratio.chatPollBaseline(bench.base, cookies);

// One board computation, timed: the first request makes it (what a request pays when the kept board is stale).
let t0 = performance.now();
const probe = await fetch(`${bench.base}/api/leaderboard?period=all`, {
  headers: { cookie: cookies[1]!, ...BROWSER },
});
const boardMs = performance.now() - t0;
const all = (await probe.json()) as LeaderboardResponse;
if (probe.status !== 200 || all.rows.length !== 20) throw new Error(`GET /api/leaderboard: ${probe.status}`);
t0 = performance.now();
const assignmentsProbe = await fetch(`${bench.base}/api/assignments`, {
  headers: { cookie: cookies[1]!, ...BROWSER },
});
const assignmentsFirstMs = performance.now() - t0;
const assignmentsBody = await assignmentsProbe.text();
const hasAssignments = assignmentsProbe.status === 200;
// A member's new attempt (the trigger names them): the next read after LEADERBOARD_STALE_MS works out
// that member alone and ranks the boards again; timed as a request.
await db.execute(sql`insert into attempts (user_id, caption) values (${ids[1]!.id}::uuid, 'One more')`);
await new Promise((resolve) => setTimeout(resolve, LEADERBOARD_STALE_MS + 200));
t0 = performance.now();
const updated = await fetch(`${bench.base}/api/leaderboard?period=all`, {
  headers: { cookie: cookies[1]!, ...BROWSER },
});
const updateMs = performance.now() - t0;
const after = (await updated.json()) as LeaderboardResponse;
if (after.me?.points === all.me?.points) throw new Error('the new attempt did not show');

// Each statement of that computation, timed alone (the same arguments the service passes).
const repo = leaderboardRepository(db);
const timed = async (label: string, fn: () => Promise<unknown>) => {
  const at = performance.now();
  await fn();
  return `${label} ${(performance.now() - at).toFixed(0)} ms`;
};
const nowMs = Date.now();
const zone = 'Europe/Paris';
const firstAt = (await repo.firstAttemptAt()) ?? nowMs;
const periods = { week: weekStart(nowMs, zone), month: monthStart(nowMs, zone) };
const days = dayStarts(Math.min(firstAt, periods.week, periods.month), nowMs, zone);
const statements = [
  await timed('members', () => repo.members([], nowMs)),
  await timed('work', () => repo.work({ days, ...periods })),
  await timed('runs', () => repo.runs(weekStarts(firstAt, nowMs, zone))),
];
// The same for one member, as an update after their change runs them.
const one = [ids[2]!.id];
const oneStatements = [
  await timed('first attempt', () => repo.firstAttemptAt(one)),
  await timed('members', () => repo.members([], nowMs, one)),
  await timed('work', () => repo.work({ days, ...periods }, one)),
  await timed('runs', () => repo.runs(weekStarts(firstAt, nowMs, zone), one)),
];
const seconds = ((Date.now() - started) / 1000).toFixed(1);

// --- Measuring -------------------------------------------------------------------------------------
const boardEtags = await Promise.all(
  cookies.map(async (cookie) => {
    const res = await fetch(`${bench.base}/api/leaderboard?period=week`, { headers: { cookie, ...BROWSER } });
    await res.arrayBuffer();
    return res.headers.get('etag')!;
  }),
);
const scenarios: ratio.Scenario[] = [
  poll,
  {
    label: 'GET /api/leaderboard?period=week',
    visits: cookies.map((c) => [get('/api/leaderboard?period=week', c)]),
    inGoal: true,
  },
  {
    label: 'GET /api/leaderboard?period=all',
    visits: cookies.map((c) => [get('/api/leaderboard?period=all', c)]),
    inGoal: true,
  },
  {
    label: 'GET /api/leaderboard?period=week again (If-None-Match)',
    visits: cookies.map((c, i) => [
      get('/api/leaderboard?period=week', c, [304], { 'if-none-match': boardEtags[i]! }),
    ]),
    inGoal: false,
  },
];
if (hasAssignments)
  scenarios.push({
    label: 'GET /api/assignments',
    visits: cookies.map((c) => [get('/api/assignments', c)]),
    inGoal: true,
  });

const best = await ratio.bestOfTwo(bench.base, scenarios, { count: COUNT, connections: CONNECTIONS });

// --- Report ----------------------------------------------------------------------------------------
console.log(
  `access on ${database}: ${(await count('users')).toLocaleString('en')} members, ` +
    `${(await count('attempts')).toLocaleString('en')} attempts, ` +
    `${(await count('lesson_progress')).toLocaleString('en')} lessons done, ` +
    `${(await count('assignments')).toLocaleString('en')} assignments ` +
    `(${(await count('assignment_members')).toLocaleString('en')} members' parts); seeded and checked in ${seconds} s`,
);
console.log(
  `one board computation (three periods and streaks, after a change): ${boardMs.toFixed(0)} ms; ` +
    `(${statements.join(', ')}); after a member's new attempt, that member worked out again: ${updateMs.toFixed(0)} ms ` +
    `(${oneStatements.join(', ')}); ` +
    `the first GET /api/assignments: ${assignmentsFirstMs.toFixed(0)} ms` +
    (hasAssignments
      ? ''
      : ` — GET /api/assignments MISSING (${assignmentsProbe.status} ${assignmentsBody.slice(0, 80)})`),
);
console.log(
  `${cookies.length} sampled members with sessions; ${COUNT} visits per figure over ${CONNECTIONS} connections, better of 2 rounds`,
);
const missed = ratio.reportRatios(scenarios, best, 56) || !hasAssignments;
console.log(
  `goal: the leaderboard and GET /api/assignments at most ${GOAL}× the chat poll's p95: ${missed ? 'MISSED' : 'met'}`,
);

await close();
process.exitCode = missed ? 1 : 0;
