// Shared by the benchmarks that set a read's p95 beside the chat poll's (bench/progress.ts,
// bench/access.ts): their flags, the members and a coach seeded in SQL with sessions for a sample of
// them, the chat room the poll asks about, the better of two rounds of load, and the report's rows.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_MS } from '../../common/constants';
import { CURRICULUM } from '../../common/progress';
import type { Database } from '../../server/db/client';
import { sessions } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { hashToken } from '../../server/storage/session-store';
import { ownDatabase, startApp } from './harness';
import { runLatency, type Latency, type LatencyRequest } from './latency';

type Db = Database['db'];

/** `--<name> N` from the command line, else `fallback`. */
export const flag = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** The flags every such benchmark takes: --members, --sample, --count and --connections. */
export function ratioFlags() {
  const members = flag('members', 10_000);
  return {
    members,
    sample: Math.min(flag('sample', 200), members),
    count: flag('count', 3000),
    connections: flag('connections', 10),
  };
}

/** A figure in the goal is at most this many times the chat poll's p95. */
export const GOAL = 2;
/** What a browser sends with every request measured. */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * The app on a database of the benchmark's own (BENCH_DATABASE_URL's server, else PGlite), with
 * `started` (to time the seeding), `rows` and `count` (rows of a table) on it; `close` drops it.
 */
export async function startRatioBench() {
  const own = await ownDatabase();
  const started = Date.now();
  const bench = await startApp(own.url ? { DATABASE_URL: own.url } : {});
  const { db } = bench.database;
  const rows = async <T>(q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  return {
    bench,
    db,
    started,
    database: own.url ? 'PostgreSQL' : 'PGlite',
    rows,
    count: async (table: string) =>
      Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n),
    async close() {
      await bench.close();
      await own.drop();
    },
  };
}

/**
 * `n` members, `member-1` … (one precomputed password hash, addresses proven; every `privateEvery`-th
 * one private, else all public), then the coach, `coach` (is_admin).
 */
export async function seedMembers(db: Db, n: number, { privateEvery }: { privateEvery?: number } = {}) {
  const passwordHash = await hashPassword('not-a-real-password');
  const privacy = privateEvery
    ? sql`case when i % ${sql.raw(String(privateEvery))} = 0 then 'private' else 'public' end`
    : sql`'public'`;
  await db.execute(sql`
    insert into users (username, email, name, password_hash, email_confirmed_at, privacy_level)
    select 'member-' || i, 'm' || i || '@bench.example', 'Member ' || i, ${passwordHash}, now(), ${privacy}
    from generate_series(1, ${n}) i`);
  await db.execute(sql`
    insert into users (username, email, name, password_hash, is_admin, email_confirmed_at)
    values ('coach', 'coach@bench.example', 'Coach', ${passwordHash}, true, now())`);
}

/** The seeded members with their number `n`, as a table to join: `${members} m`. */
export const seededMembers = sql`(select id, substring(username from 8)::int as n from users where username like 'member-%')`;
/** The 36 lessons with their number `n` (0…35, curriculum order), as a table to join: `${curriculum}`. */
export const curriculumTable = sql`(values ${sql.join(
  CURRICULUM.map((l, i) => sql`(${l.thinkTank}, ${l.topic}, ${l.lesson}, ${i}::int)`),
  sql`, `,
)}) as c(think_tank, topic_slug, lesson_slug, n)`;

/**
 * Sessions for the members numbered `sampled`, inserted as sign-in makes them (the cookie's token, its
 * SHA-256 in the table): each member's id and number, and their cookies in the same order.
 */
export async function signInSampled(db: Db, sampled: readonly number[]) {
  const members = (
    (await db.execute(sql`
      select id, substring(username from 8)::int as n from users
      where username in (${sql.join(
        sampled.map((n) => sql`${`member-${n}`}`),
        sql`, `,
      )})`)) as unknown as { rows: { id: string; n: number }[] }
  ).rows;
  const cookies: string[] = [];
  await db.insert(sessions).values(
    members.map((r) => {
      const token = randomBytes(32).toString('base64url');
      cookies.push(`tribe36_session=${token}`);
      return {
        tokenHash: hashToken(token),
        userId: r.id,
        expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      };
    }),
  );
  return { members, cookies };
}

/** A request of the load: `path` as the member of `cookie`, from a browser, answered one of `expect`. */
export const get = (
  path: string,
  cookie: string,
  expect = [200],
  extra: Record<string, string> = {},
): LatencyRequest => ({
  path,
  headers: { cookie, ...BROWSER, ...extra },
  expect,
});

export type Scenario = { label: string; visits: LatencyRequest[][]; inGoal: boolean };

/**
 * The chat room the poll asks about (100 messages, 10 from each of the first 10 cookies), and the
 * baseline scenario: the poll after the newest, with the ETag of its last answer (in the steady
 * state, 304), by every cookie.
 */
export async function chatPollBaseline(base: string, cookies: readonly string[]): Promise<Scenario> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${base}/api/chat/community`, {
      method: 'POST',
      headers: { cookie: cookies[i % 10]!, 'content-type': 'application/json' },
      body: JSON.stringify({
        content: `Message ${i}: film review at six, bring your clips.`,
        messageType: 'text',
      }),
    });
    if (res.status !== 201) throw new Error(`chat post ${i}: ${res.status} ${await res.text()}`);
  }
  const room = await fetch(`${base}/api/chat/community`, {
    headers: { cookie: cookies[0]!, ...BROWSER },
  });
  const newest = ((await room.json()) as { id: number }[]).at(-1)!.id;
  const pollPath = `/api/chat/community?after=${newest}`;
  const first = await fetch(`${base}${pollPath}`, { headers: { cookie: cookies[0]!, ...BROWSER } });
  await first.arrayBuffer();
  const pollEtag = first.headers.get('etag')!;
  return {
    label: `GET ${pollPath.replace(String(newest), 'N')} (chat poll)`,
    visits: cookies.map((c) => [get(pollPath, c, [200, 304], { 'if-none-match': pollEtag })]),
    inGoal: false,
  };
}

/**
 * Each scenario's figure: `count` visits over `connections` keep-alive connections from another process
 * (bench/lib/latency-load.ts), after one visit per sampled member to warm up; two rounds taking turns,
 * the better p95 of each kept.
 */
export async function bestOfTwo(
  base: string,
  scenarios: readonly Scenario[],
  { count, connections }: { count: number; connections: number },
): Promise<Map<string, Latency>> {
  const best = new Map<string, Latency>();
  for (let round = 0; round < 2; round++) {
    for (const s of scenarios) {
      const r = await runLatency({ base, visits: s.visits, warmup: s.visits.length, count, connections });
      const kept = best.get(s.label);
      if (!kept || r.p95 < kept.p95) best.set(s.label, r);
    }
  }
  return best;
}

/**
 * Prints a row per scenario (the first is the poll, the baseline) with its p95 as a ratio of the poll's:
 * whether a figure in the goal missed it.
 */
export function reportRatios(scenarios: readonly Scenario[], best: Map<string, Latency>, labelWidth: number) {
  const fmt = (ms: number) => ms.toFixed(2).padStart(7);
  const poll = best.get(scenarios[0]!.label)!;
  let missed = false;
  for (const s of scenarios) {
    const r = best.get(s.label)!;
    const ratio = r.p95 / poll.p95;
    const verdict =
      s === scenarios[0]
        ? 'baseline'
        : `${ratio.toFixed(2)}× the poll${s.inGoal ? '' : ' (not in the goal)'}`;
    if (s.inGoal && ratio > GOAL) missed = true;
    console.log(
      `${s.label.padEnd(labelWidth)} p50 ${fmt(r.p50)} ms  p95 ${fmt(r.p95)} ms  p99 ${fmt(r.p99)} ms  ` +
        `${r.rps.toFixed(0).padStart(6)} visits/s   ${verdict}`,
    );
  }
  return missed;
}
