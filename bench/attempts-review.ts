// Benchmark (issue 30, decision 52): the coaches' inbox (GET /api/attempts/review's queries: a page of
// the attempts awaiting a reply, oldest first, and how many await in all) at 20,000 attempts, read from
// the stored reply (attempts.replied_at by attempts_awaiting_idx) beside the query it replaced, which
// searched every attempt's thread and chat replies per request (`coachReplied`). Both run in this
// script on the same data; it prints each median and their ratio. The inbox asks every 3 s.
//
// node --import tsx bench/attempts-review.ts [--attempts 20000] [--members 2000] [--runs 15]
// On PostgreSQL: BENCH_DATABASE_URL=postgres://user@host:port/postgres node --import tsx bench/attempts-review.ts
//
// Seeded in SQL: `--members` members (none an admin) and one coach (is_admin); the attempts spread over
// the 36 lessons' discussions (three in four) and the chat (one in four), two days ago, minute by
// minute; the coach answers 90 %: a message after every ninth and tenth of a lesson's attempts (which
// answers the earlier ones too), and a chat reply to nine chat attempts in ten. The stored state is
// then filled as the migration fills it (`backfillReplied`), and checked against the old query's.
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNotNull, not, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { CURRICULUM } from '../common/progress';
import { attemptsRepository, coachReplied } from '../server/db/repositories/attempts.repository';
import { attempts, chatMessages, discussionMessages, users } from '../server/db/schema';
import { hashPassword } from '../server/lib/passwords';
import { ownDatabase, quantile, startApp } from './lib/harness';

const flag = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ATTEMPTS = flag('attempts', 20_000);
const MEMBERS = flag('members', 2000);
const RUNS = flag('runs', 7);
const LIMIT = 20;

const own = await ownDatabase();
const bench = await startApp(own.url ? { DATABASE_URL: own.url } : {});
const { db } = bench.database;
const repo = attemptsRepository(db);
const started = Date.now();

// --- Seeding ---------------------------------------------------------------------------------------
const passwordHash = await hashPassword('not-a-real-password');
await db.execute(sql`
  insert into users (username, email, name, password_hash, email_confirmed_at)
  select 'member-' || i, 'm' || i || '@bench.example', 'Member ' || i, ${passwordHash}, now()
  from generate_series(1, ${MEMBERS}) i`);
await db.execute(sql`
  insert into users (username, email, name, password_hash, is_admin, email_confirmed_at)
  values ('coach', 'coach@bench.example', 'Coach', ${passwordHash}, true, now())`);
const curriculum = sql`(values ${sql.join(
  CURRICULUM.map((l, i) => sql`(${l.thinkTank}, ${l.topic}, ${l.lesson}, ${i}::int)`),
  sql`, `,
)}) as c(think_tank, topic_slug, lesson_slug, n)`;
// Attempt i (1…ATTEMPTS) by member i % MEMBERS, i minutes after two weeks ago.
await db.execute(sql`
  insert into attempts (user_id, caption, frame_seconds, created_at)
  select m.id, 'Attempt ' || i, i, now() - interval '14 days' + i * interval '1 minute'
  from generate_series(1, ${ATTEMPTS}) i
  join users m on m.username = 'member-' || (1 + i % ${MEMBERS})`);
const nth = sql.raw('a.frame_seconds::int');
await db.execute(sql`
  insert into discussion_messages (think_tank, topic_slug, lesson_slug, user_id, text, attempt_id, created_at)
  select c.think_tank, c.topic_slug, c.lesson_slug, a.user_id, a.caption, a.id, a.created_at
  from attempts a join ${curriculum} on c.n = ${nth} % 36
  where ${nth} % 4 <> 0 order by a.created_at`);
await db.execute(sql`
  insert into chat_messages (user_id, content, message_type, attempt_id, created_at)
  select a.user_id, a.caption, 'attempt', a.id, a.created_at from attempts a
  where ${nth} % 4 = 0 order by a.created_at`);
// The coach's discussion messages, each a little after an attempt: after the 9th and 10th in ten of a
// lesson's (by the attempt's number), which leaves about one in ten awaiting.
await db.execute(sql`
  insert into discussion_messages (think_tank, topic_slug, lesson_slug, user_id, text, created_at)
  select d.think_tank, d.topic_slug, d.lesson_slug, coach.id, 'Sit back more.', d.created_at + interval '30 seconds'
  from discussion_messages d join attempts a on a.id = d.attempt_id
  cross join (select id from users where username = 'coach') coach
  where (${nth} / 36) % 10 = 8
  order by d.created_at`);
await db.execute(sql`
  insert into chat_messages (user_id, content, message_type, reply_to_id, created_at)
  select coach.id, 'Brace first.', 'text', c.id, c.created_at + interval '30 seconds'
  from chat_messages c join attempts a on a.id = c.attempt_id
  cross join (select id from users where username = 'coach') coach
  where ${nth} % 40 <> 0
  order by c.created_at`);
console.error(`seeded the messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
for (const table of ['users', 'attempts', 'discussion_messages', 'chat_messages'])
  await db.execute(sql.raw(`analyze ${table}`));
// The stored state, as the migration fills it for is_admin coaches (its backfill statements, run again).
const migration = fs.readFileSync(
  path.join(import.meta.dirname, '../server/db/migrations/0017_attempt_replies.sql'),
  'utf8',
);
for (const statement of migration.split('--> statement-breakpoint')) {
  if (statement.includes('UPDATE "attempts"')) await db.execute(sql.raw(statement));
}
console.error(`ran the migration's backfill in ${((Date.now() - started) / 1000).toFixed(1)} s`);
// The start-up pass (ADMIN_EMAILS admins) finds nothing more to store.
const more = await repo.backfillReplied([]);
if (more.length > 0) {
  console.error(`The start-up pass stored ${more.length} replies the migration missed`);
  process.exitCode = 1;
}
await db.execute(sql`analyze attempts`);
console.error(`filled the stored replies in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const seeded = Date.now();

// --- The query before decision 52 (the inbox's awaiting page and count, as it was) -----------------
async function oldInbox(adminEmails: readonly string[]) {
  const replied = coachReplied(adminEmails, { discussion: true, chat: true });
  const shown = and(
    not(eq(users.isAdmin, true)),
    or(isNotNull(discussionMessages.id), isNotNull(chatMessages.id)),
  );
  const from = <T extends PgSelect>(query: T) =>
    query
      .innerJoin(users, eq(users.id, attempts.userId))
      .leftJoin(discussionMessages, eq(discussionMessages.attemptId, attempts.id))
      .leftJoin(chatMessages, eq(chatMessages.attemptId, attempts.id));
  const rows = await from(db.select({ id: attempts.id }).from(attempts).$dynamic())
    .where(and(shown, not(replied)))
    .orderBy(asc(attempts.createdAt), asc(attempts.id))
    .limit(LIMIT + 1);
  const [count] = await from(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(attempts)
      .$dynamic(),
  ).where(and(shown, not(replied)));
  return { ids: rows.slice(0, LIMIT).map((r) => r.id), awaiting: Number(count!.n) };
}
async function newInbox() {
  const page = await repo.inbox({ status: 'awaiting', limit: LIMIT }, []);
  return { ids: page.rows.map((r) => r.attempt.id), awaiting: page.awaiting };
}

// Same answer, or the comparison means nothing.
const before = await oldInbox([]);
const after = await newInbox();
if (before.awaiting !== after.awaiting || before.ids.join() !== after.ids.join()) {
  console.error('The stored state differs from the old query:', { before, after });
  process.exitCode = 1;
}

async function time(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}
// Taking turns, twice, the better median of each kept.
const rounds: Array<{ old: number[]; now: number[] }> = [];
for (let r = 0; r < 2; r++) rounds.push({ old: await time(() => oldInbox([])), now: await time(newInbox) });
const median = (pick: (r: { old: number[]; now: number[] }) => number[]) =>
  Math.min(...rounds.map((r) => quantile(pick(r), 0.5)));
const oldMs = median((r) => r.old);
const newMs = median((r) => r.now);

const [{ n: total }] = (
  (await db.execute(sql`select count(*)::int as n from attempts`)) as unknown as { rows: [{ n: number }] }
).rows;
console.log(
  `${own.url ? 'PostgreSQL' : 'PGlite'}: ${total} attempts, ${after.awaiting} awaiting a reply ` +
    `(seeded in ${((seeded - started) / 1000).toFixed(1)} s)`,
);
console.log(`inbox page + awaiting count, per-request search (before): median ${oldMs.toFixed(1)} ms`);
console.log(`inbox page + awaiting count, stored replied_at (after):   median ${newMs.toFixed(1)} ms`);
console.log(`ratio: ${(oldMs / newMs).toFixed(1)}x faster`);

await bench.close();
await own.drop();
