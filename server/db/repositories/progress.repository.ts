import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { lessonProgress } from '../schema';

export type LessonPath = { thinkTank: string; topicSlug: string; lessonSlug: string };

/** A member's progress row, with whether a coach replied to their attempt there since they last looked. */
export type ProgressRecord = LessonPath & {
  doneAt: Date | null;
  openedAt: Date | null;
  positionSeconds: number | null;
  unread: boolean;
};

const ofMember = (userId: string, p: LessonPath) =>
  and(
    eq(lessonProgress.userId, userId),
    eq(lessonProgress.thinkTank, p.thinkTank),
    eq(lessonProgress.topicSlug, p.topicSlug),
    eq(lessonProgress.lessonSlug, p.lessonSlug),
  );

const ms = (v: unknown) => (v === null || v === undefined ? null : new Date(Number(v)));

/**
 * The member's rows, and the lessons where an admin (`is_admin` or one of `adminEmails`) posted in
 * the discussion after the member's own attempt there and after the member last opened the lesson.
 * One statement that reads only the member's own attempts and, for each attempt and admin, the
 * admin's first message in that discussion since the member last opened the lesson (the admins by
 * `users_admin_idx` and `users_email_unique`, their messages by `discussion_messages_user_idx`, whose
 * last column is `created_at`: migration 0013), never the rest of the discussion.
 * Exported for bench/progress.ts, which prints its plan on the seeded data.
 */
export function progressListQuery(userId: string, adminEmails: readonly string[]): SQL {
  const emails = JSON.stringify(adminEmails);
  return sql`
    with mine as (
      select think_tank, topic_slug, lesson_slug, done_at, opened_at, position_seconds
      from lesson_progress where user_id = ${userId}::uuid
    ),
    coaches as (
      select id from users where is_admin and id <> ${userId}::uuid
      union
      select id from users
      where email = any(array(select jsonb_array_elements_text(${emails}::jsonb))) and id <> ${userId}::uuid
    ),
    replied as (
      select distinct a.think_tank, a.topic_slug, a.lesson_slug
      from discussion_messages a
      left join mine m
        on m.think_tank = a.think_tank and m.topic_slug = a.topic_slug and m.lesson_slug = a.lesson_slug
      where a.user_id = ${userId}::uuid and a.attempt_id is not null
        and exists (
          select 1 from coaches c
          cross join lateral (
            select 1 from discussion_messages d
            where d.user_id = c.id and d.think_tank = a.think_tank and d.topic_slug = a.topic_slug
              and d.lesson_slug = a.lesson_slug
              and d.created_at > coalesce(m.opened_at, '-infinity'::timestamptz) and d.id > a.id
            limit 1
          ) reply
        )
    )
    select coalesce(m.think_tank, r.think_tank) as think_tank,
           coalesce(m.topic_slug, r.topic_slug) as topic_slug,
           coalesce(m.lesson_slug, r.lesson_slug) as lesson_slug,
           (extract(epoch from m.done_at) * 1000)::float8 as done_ms,
           (extract(epoch from m.opened_at) * 1000)::float8 as opened_ms,
           m.position_seconds,
           r.think_tank is not null as unread
    from mine m
    full join replied r
      on r.think_tank = m.think_tank and r.topic_slug = m.topic_slug and r.lesson_slug = m.lesson_slug`;
}

/** Drizzle queries on lesson progress only (issue 18). */
export function progressRepository(db: Db) {
  return {
    /** The member's rows and unread marks (progressListQuery). */
    async list(userId: string, adminEmails: readonly string[]): Promise<ProgressRecord[]> {
      const result = (await db.execute(progressListQuery(userId, adminEmails))) as unknown as {
        rows: Array<{
          think_tank: string;
          topic_slug: string;
          lesson_slug: string;
          done_ms: number | null;
          opened_ms: number | null;
          position_seconds: number | null;
          unread: boolean;
        }>;
      };
      return result.rows.map((r) => ({
        thinkTank: r.think_tank,
        topicSlug: r.topic_slug,
        lessonSlug: r.lesson_slug,
        doneAt: ms(r.done_ms),
        openedAt: ms(r.opened_ms),
        positionSeconds: r.position_seconds === null ? null : Number(r.position_seconds),
        unread: r.unread,
      }));
    },

    /** Marks the lesson done, keeping the first time it was. */
    async markDone(userId: string, p: LessonPath): Promise<void> {
      await db
        .insert(lessonProgress)
        .values({ userId, ...p, doneAt: sql`now()`, firstDoneAt: sql`now()` })
        .onConflictDoUpdate({
          target: [
            lessonProgress.userId,
            lessonProgress.thinkTank,
            lessonProgress.topicSlug,
            lessonProgress.lessonSlug,
          ],
          // The first time stays through undo and redo: the leaderboard counts it then (decision 83).
          set: {
            doneAt: sql`coalesce(${lessonProgress.doneAt}, now())`,
            firstDoneAt: sql`coalesce(${lessonProgress.firstDoneAt}, ${lessonProgress.doneAt}, now())`,
            updatedAt: sql`now()`,
          },
        });
    },

    async markNotDone(userId: string, p: LessonPath): Promise<void> {
      await db
        .update(lessonProgress)
        .set({ doneAt: null, updatedAt: sql`now()` })
        .where(ofMember(userId, p));
    },

    /** The member opened the lesson now; where its video stands, if given. */
    async visit(userId: string, p: LessonPath, positionSeconds: number | undefined): Promise<void> {
      const position = positionSeconds === undefined ? {} : { positionSeconds };
      await db
        .insert(lessonProgress)
        .values({ userId, ...p, openedAt: sql`now()`, ...position })
        .onConflictDoUpdate({
          target: [
            lessonProgress.userId,
            lessonProgress.thinkTank,
            lessonProgress.topicSlug,
            lessonProgress.lessonSlug,
          ],
          set: { openedAt: sql`now()`, updatedAt: sql`now()`, ...position },
        });
    },

    /** Lessons done per member (the admins' member viewer). */
    async doneCounts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ userId: lessonProgress.userId, n: sql<number>`count(*)::int` })
        .from(lessonProgress)
        .where(sql`${lessonProgress.doneAt} is not null`)
        .groupBy(lessonProgress.userId);
      return new Map(rows.map((r) => [r.userId, Number(r.n)]));
    },
  };
}

export type ProgressRepository = ReturnType<typeof progressRepository>;
