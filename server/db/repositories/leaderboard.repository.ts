import { sql, type SQL } from 'drizzle-orm';
import { ATTEMPTS_PER_DAY } from '../../../common/contracts/leaderboard-values';
import type { Db } from '../client';

/** A member who may be on the board: active, not deleted, not suspended, not a coach (decision 83). */
export type BoardMember = {
  id: string;
  name: string;
  username: string;
  profilePicture: string | null;
  private: boolean;
};

/** What a member did in each period: lessons first done, attempts (capped a day), replies received. */
export type BoardWork = {
  userId: string;
  lessons: [week: number, month: number, all: number];
  /** Attempts that earn points: at most ATTEMPTS_PER_DAY a community day. */
  attempts: [week: number, month: number, all: number];
  replied: [week: number, month: number, all: number];
};

/** A member's last run of weeks in a row with an attempt: its newest week's number and its length. */
export type BoardRun = { userId: string; last: number; length: number };

/** Instants as a timestamptz[] built in SQL from JSON (one spelling for PGlite and node-postgres). */
const instants = (list: readonly number[]): SQL =>
  sql`array(select t::timestamptz from jsonb_array_elements_text(${JSON.stringify(
    list.map((t) => new Date(t).toISOString()),
  )}::jsonb) with ordinality as e(t, i) order by i)`;

type Rows<T> = { rows: T[] };

/** `column` among `only`'s ids, or true for everyone (only undefined). */
const among = (column: SQL, only: readonly string[] | undefined): SQL =>
  only === undefined
    ? sql`true`
    : sql`${column} = any(array(select jsonb_array_elements_text(${JSON.stringify(only)}::jsonb)::uuid))`;

/**
 * The leaderboard's statements (decision 83): each reads a whole table's relevant rows once and
 * answers every member at once, for the three periods together, or only the members `only` names
 * (by their indexes: a member whose standing changed). The service runs them when its kept board is
 * stale, not per request.
 */
export function leaderboardRepository(db: Db) {
  return {
    /** The earliest attempt's time (of `only`'s members), where the day and week lists start. */
    async firstAttemptAt(only?: readonly string[]): Promise<number | null> {
      const r = (await db.execute(
        sql`select (extract(epoch from min(created_at)) * 1000)::float8 as t from attempts
            where ${among(sql`user_id`, only)}`,
      )) as unknown as Rows<{ t: number | null }>;
      return r.rows[0]?.t ?? null;
    },

    /** Members who may be ranked at `now`: coaches (is_admin or a proven ADMIN_EMAILS address) left out. */
    async members(
      adminEmails: readonly string[],
      now: number,
      only?: readonly string[],
    ): Promise<BoardMember[]> {
      const r = (await db.execute(sql`
        select id, name, username, profile_picture, privacy_level = 'private' as private
        from users
        where ${among(sql`id`, only)} and deleted_at is null and membership = 'active' and not is_admin
          and not (email_confirmed_at is not null
                   and email = any(array(select jsonb_array_elements_text(${JSON.stringify(adminEmails)}::jsonb))))
          and not (suspended_at is not null
                   and (suspended_until is null or suspended_until > ${new Date(now).toISOString()}::timestamptz))
      `)) as unknown as Rows<{
        id: string;
        name: string;
        username: string;
        profile_picture: string | null;
        private: boolean;
      }>;
      return r.rows.map((m) => ({
        id: m.id,
        name: m.name,
        username: m.username,
        profilePicture: m.profile_picture,
        private: m.private,
      }));
    },

    /**
     * When the first suspension still running at `now` ends (of `only`'s members), or null: the board
     * kept without that member holds until then (decision 83), since the end changes no row to announce.
     */
    async nextSuspensionEnd(now: number, only?: readonly string[]): Promise<number | null> {
      const r = (await db.execute(
        sql`select (extract(epoch from min(suspended_until)) * 1000)::float8 as t from users
            where ${among(sql`id`, only)} and deleted_at is null and suspended_at is not null
              and suspended_until > ${new Date(now).toISOString()}::timestamptz`,
      )) as unknown as Rows<{ t: number | null }>;
      return r.rows[0]?.t ?? null;
    },

    /**
     * Each member's work in the week, the month and all time. `days` are the starts of the community's
     * days from the first attempt's to today's (the attempts' cap counts per day); `week` and `month`
     * the periods' starts, which are among them.
     */
    async work(
      p: { days: readonly number[]; week: number; month: number },
      only?: readonly string[],
    ): Promise<BoardWork[]> {
      const mine = among(sql`user_id`, only);
      const week = new Date(p.week).toISOString();
      const month = new Date(p.month).toISOString();
      // The day bucket a period starts with: width_bucket's number for its first instant.
      const weekDay = p.days.filter((d) => d <= p.week).length;
      const monthDay = p.days.filter((d) => d <= p.month).length;
      const r = (await db.execute(sql`
        with lessons as (
          select user_id,
                 count(*) filter (where coalesce(first_done_at, done_at) >= ${week}::timestamptz)::int as w,
                 count(*) filter (where coalesce(first_done_at, done_at) >= ${month}::timestamptz)::int as m,
                 count(*)::int as a
          from lesson_progress where ${mine} and done_at is not null
          group by user_id
        ),
        per_day as (
          select user_id, width_bucket(created_at, ${instants(p.days)}) as d,
                 least(count(*), ${ATTEMPTS_PER_DAY})::int as n
          from attempts where ${mine} group by 1, 2
        ),
        posted as (
          select user_id,
                 coalesce(sum(n) filter (where d >= ${weekDay}), 0)::int as w,
                 coalesce(sum(n) filter (where d >= ${monthDay}), 0)::int as m,
                 sum(n)::int as a
          from per_day group by user_id
        ),
        replied as (
          select user_id,
                 count(*) filter (where replied_at >= ${week}::timestamptz)::int as w,
                 count(*) filter (where replied_at >= ${month}::timestamptz)::int as m,
                 count(*)::int as a
          from attempts where ${mine} and replied_at is not null
          group by user_id
        )
        select user_id,
               sum(lw)::int as lw, sum(lm)::int as lm, sum(la)::int as la,
               sum(pw)::int as pw, sum(pm)::int as pm, sum(pa)::int as pa,
               sum(rw)::int as rw, sum(rm)::int as rm, sum(ra)::int as ra
        from (
          select user_id, w as lw, m as lm, a as la, 0 as pw, 0 as pm, 0 as pa, 0 as rw, 0 as rm, 0 as ra
          from lessons
          union all
          select user_id, 0, 0, 0, w, m, a, 0, 0, 0 from posted
          union all
          select user_id, 0, 0, 0, 0, 0, 0, w, m, a from replied
        ) work
        group by user_id
      `)) as unknown as Rows<
        Record<'lw' | 'lm' | 'la' | 'pw' | 'pm' | 'pa' | 'rw' | 'rm' | 'ra', number> & {
          user_id: string;
        }
      >;
      return r.rows.map((x) => ({
        userId: x.user_id,
        lessons: [x.lw, x.lm, x.la],
        attempts: [x.pw, x.pm, x.pa],
        replied: [x.rw, x.rm, x.ra],
      }));
    },

    /**
     * Each member's last run of consecutive weeks with an attempt (gaps and islands: within a run, a
     * week's number plus its place counting back from the newest is constant). Week n is the one
     * starting at `weeks[n - 1]`; 0 is anything before the first.
     */
    async runs(weeks: readonly number[], only?: readonly string[]): Promise<BoardRun[]> {
      const r = (await db.execute(sql`
        with active as (
          select distinct user_id, width_bucket(created_at, ${instants(weeks)}) as w
          from attempts where ${among(sql`user_id`, only)}
        ),
        numbered as (
          select user_id, w,
                 w + row_number() over (partition by user_id order by w desc) as island,
                 max(w) over (partition by user_id) as last
          from active
        )
        select user_id, last::int as last, count(*)::int as length
        from numbered where island = last + 1
        group by user_id, last
      `)) as unknown as Rows<{ user_id: string; last: number; length: number }>;
      return r.rows.map((x) => ({ userId: x.user_id, last: x.last, length: x.length }));
    },
  };
}

export type LeaderboardRepository = ReturnType<typeof leaderboardRepository>;
