// Benchmark (issue 18): GET /api/progress and the topic page's data with 10,000 members × 36 lessons of
// progress, each p95 beside the chat poll's p95 (GET /api/chat/community?after=N, what the chat polls)
// measured in the same run on the same server. Goal: at most 2× the poll's p95; exits 1 when missed.
//
// node --import tsx bench/progress.ts [--members 10000] [--sample 200] [--count 3000] [--connections 10] [--explain]
// On PostgreSQL: BENCH_DATABASE_URL=postgres://user@host:port/postgres node --import tsx bench/progress.ts
// (it creates and drops a database of its own; BENCH_KEEP=1 keeps it).
//
// Seeded in SQL, not through the API: the members (one precomputed password hash), each one's 36 lessons
// (all opened, done up to a point that differs per member), two attempts each posted in a lesson's
// discussion, one plain discussion message each, and a coach's (is_admin) reply after half of the
// attempts, made after half of the members last opened the lesson: the unread part of the query has
// rows to read and marks to find. `--sample` members, spread over the table, get a session inserted as
// sign-in makes one (the cookie's token, its SHA-256 in the table); the requests go round them.
// GET /api/auth/me is printed too, for reference: an answer from memory through Fastify (no query); and
// GET /api/progress asked again with the ETag of its last answer, as the browser's cache asks (304).
// The topic page of a member: its prerendered document (from dist/, when built: node scripts/build.mjs),
// and the calls its script then makes together, GET /api/auth/me and GET /api/progress ("data").
// Each figure: `--count` visits over `--connections` keep-alive connections from another process
// (bench/lib/latency-load.ts), after one visit per sampled member to warm up; two rounds taking turns,
// the better p95 of each kept. `--explain` prints the plan of the progress query for a sampled member.
import { sql } from 'drizzle-orm';
import { TOPICS } from '../common/curriculum';
import type { ProgressResponse } from '../common/contracts/progress';
import { CURRICULUM } from '../common/progress';
import { progressListQuery } from '../server/db/repositories/progress.repository';
import * as ratio from './lib/poll-ratio';

const { BROWSER, GOAL, get, curriculumTable: curriculum, seededMembers: members } = ratio;

const { members: MEMBERS, sample: SAMPLE, count: COUNT, connections: CONNECTIONS } = ratio.ratioFlags();

const { bench, db, started, database, count, close } = await ratio.startRatioBench();

// --- Seeding ---------------------------------------------------------------------------------------
await ratio.seedMembers(db, MEMBERS);
// Member n's k-th attempt (k = 0, 1) is on lesson attemptLesson; their plain message on another.
const attemptLesson = (n: string, k: string) => sql.raw(`((${n} * (6 * ${k} + 1) + 11 * ${k}) % 36)`);

// Member n has done their first n % 37 lessons; even members opened every lesson an hour ago, odd
// ones two days ago (before the coach's replies, one day ago).
await db.execute(sql`
  insert into lesson_progress (user_id, think_tank, topic_slug, lesson_slug, done_at, opened_at, position_seconds)
  select m.id, c.think_tank, c.topic_slug, c.lesson_slug,
         case when c.n < m.n % 37 then now() - interval '3 days' + c.n * interval '1 minute' end,
         case when m.n % 2 = 0 then now() - interval '1 hour' else now() - interval '2 days' end
           + c.n * interval '1 second',
         ((m.n + c.n) % 600)::real
  from ${members} m cross join ${curriculum}`);
await db.execute(sql`
  insert into attempts (user_id, caption, frame_seconds, created_at)
  select m.id, 'My attempt', k, now() - interval '3 days'
  from ${members} m cross join generate_series(0, 1) k`);
// The attempts' messages first, then the plain ones, then the coach's: every later message of a
// lesson is read when looking for a reply after a member's attempt there.
await db.execute(sql`
  insert into discussion_messages (think_tank, topic_slug, lesson_slug, user_id, text, attempt_id, created_at)
  select c.think_tank, c.topic_slug, c.lesson_slug, a.user_id, a.caption, a.id, a.created_at
  from attempts a join ${members} m on m.id = a.user_id
  join ${curriculum} on c.n = ${attemptLesson('m.n', 'a.frame_seconds::int')}
  order by m.n, a.frame_seconds`);
await db.execute(sql`
  insert into discussion_messages (think_tank, topic_slug, lesson_slug, user_id, text, created_at)
  select c.think_tank, c.topic_slug, c.lesson_slug, m.id, 'Filmed mine this morning, the drill helps.',
         now() - interval '2 days 12 hours'
  from ${members} m join ${curriculum} on c.n = (m.n * 5 + 7) % 36
  order by m.n`);
await db.execute(sql`
  insert into discussion_messages (think_tank, topic_slug, lesson_slug, user_id, text, created_at)
  select d.think_tank, d.topic_slug, d.lesson_slug, coach.id, 'Knee over the toes at 0:03: sit back more.',
         now() - interval '1 day'
  from discussion_messages d
  join attempts a on a.id = d.attempt_id
  join ${members} m on m.id = a.user_id
  cross join (select id from users where username = 'coach') coach
  where (m.n + a.frame_seconds::int) % 2 = 0
  order by d.id`);
for (const table of ['users', 'lesson_progress', 'attempts', 'discussion_messages'])
  await db.execute(sql.raw(`analyze ${table}`));

// Sessions of the sampled members, as sign-in makes them.
const step = Math.floor(MEMBERS / SAMPLE);
// Odd and even members alike (the odd ones have unread replies).
const sampled = Array.from({ length: SAMPLE }, (_, i) => 1 + i * step + (step > 1 ? i % 2 : 0));
const { members: ids, cookies } = await ratio.signInSampled(db, sampled);
const userIds = ids.map((r) => r.id);

// The chat room the poll asks about: 100 messages, 10 from each of 10 sampled members; the chat sends
// the ETag of its last answer to the same URL: in the steady state, 304.
const poll = await ratio.chatPollBaseline(bench.base, cookies);

// Every sampled member's progress once, to check what is measured: 36 lessons, some unread.
let withUnread = 0;
const progressEtags: string[] = [];
for (const cookie of cookies) {
  const res = await fetch(`${bench.base}/api/progress`, { headers: { cookie, ...BROWSER } });
  progressEtags.push(res.headers.get('etag')!);
  if (res.status !== 200) throw new Error(`GET /api/progress: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as ProgressResponse;
  if (body.lessons.length !== CURRICULUM.length) throw new Error(`${body.lessons.length} lessons, not 36`);
  if (body.lessons.some((l) => l.unread)) withUnread += 1;
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);

// --- Measuring -------------------------------------------------------------------------------------
const topicPaths = TOPICS.map((t) => `/think-tanks/${t.area}/${t.slug}`);
const docProbe = await fetch(`${bench.base}${topicPaths[0]}`, {
  headers: { cookie: cookies[0]!, ...BROWSER },
});
const docText = await docProbe.text();
// Without a build the server answers no page; with one, a member's topic page is its prerendered file.
const built = docProbe.status === 200 && docText.includes(TOPICS[0]!.title);

const scenarios: ratio.Scenario[] = [
  poll,
  { label: 'GET /api/progress', visits: cookies.map((c) => [get('/api/progress', c)]), inGoal: true },
  {
    label: 'topic page data (auth/me + progress)',
    visits: cookies.map((c) => [get('/api/auth/me', c), get('/api/progress', c)]),
    inGoal: true,
  },
];
// For reference: the page reading progress again with the ETag of its last answer (the browser's
// cache asks so), and an answer held in memory (the session's member) through Fastify's routing.
scenarios.push({
  label: 'GET /api/progress again (If-None-Match)',
  visits: cookies.map((c, i) => [get('/api/progress', c, [304], { 'if-none-match': progressEtags[i]! })]),
  inGoal: false,
});
scenarios.push({
  label: 'GET /api/auth/me (no query)',
  visits: cookies.map((c) => [get('/api/auth/me', c)]),
  inGoal: false,
});
if (built)
  scenarios.push({
    label: 'topic page document',
    visits: cookies.map((c, i) => [get(topicPaths[i % topicPaths.length]!, c)]),
    inGoal: false,
  });

const best = await ratio.bestOfTwo(bench.base, scenarios, { count: COUNT, connections: CONNECTIONS });

// --- The plan of the progress query ----------------------------------------------------------------
const planFor = async (userId: string) =>
  (
    (await db.execute(
      sql`explain (analyze, buffers, costs off) ${progressListQuery(userId, [...bench.app.ctx.config.adminEmails])}`,
    )) as unknown as { rows: Record<string, string>[] }
  ).rows.map((r) => Object.values(r)[0]!);
// An odd sampled member: opened their lessons before the coach replied, so the unread part finds rows.
const plan = await planFor(userIds[ids.findIndex((r) => r.n % 2 === 1)] ?? userIds[0]!);

// --- Report ----------------------------------------------------------------------------------------
console.log(
  `progress on ${database}: ${(await count('users')).toLocaleString('en')} members, ` +
    `${(await count('lesson_progress')).toLocaleString('en')} lesson progress rows, ` +
    `${(await count('attempts')).toLocaleString('en')} attempts, ` +
    `${(await count('discussion_messages')).toLocaleString('en')} discussion messages (coach replies included); ` +
    `seeded and checked in ${seconds} s`,
);
console.log(
  `${cookies.length} sampled members with sessions (${withUnread} of them with a 'New reply from your coach'); ` +
    `${COUNT} visits per figure over ${CONNECTIONS} connections, better of 2 rounds` +
    (built ? '' : '; no build in dist/: the topic page document is left out (node scripts/build.mjs)'),
);
const missed = ratio.reportRatios(scenarios, best, 40);
const seqScans = plan.filter((l) => /Seq Scan/.test(l)).map((l) => l.trim());
const execution = plan.find((l) => l.startsWith('Execution Time'));
// The first Buffers line is the whole statement's (PGlite's plans have them too).
const buffers = plan.find((l) => l.trim().startsWith('Buffers:'))?.trim();
console.log(
  `progress query plan (a member with unread replies): ${execution ?? ''}, ${buffers ?? ''}; ` +
    (seqScans.length === 0 ? 'no sequential scan' : `sequential scans: ${seqScans.join('; ')}`),
);
if (process.argv.includes('--explain')) console.log(plan.join('\n'));
console.log(
  `goal: GET /api/progress and the topic page data at most ${GOAL}× the chat poll's p95: ${missed ? 'MISSED' : 'met'}`,
);

await close();
process.exitCode = missed ? 1 : 0;
