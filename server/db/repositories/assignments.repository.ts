import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AssignmentStatus } from '../../../common/contracts/assignments-values';
import type { Db } from '../client';
import { assignmentMembers, assignments, communitySettings, users } from '../schema';

/** A lesson's discussion, where an attempt posted to it lives. */
export type LessonThread = { thinkTank: string; topicSlug: string; lessonSlug: string };

export type NewAssignment = LessonThread & {
  everyone: boolean;
  dueAt: Date;
  note: string | null;
  createdBy: string;
};

/** One member's drill as the lists read it: the assignment, the member, the coach, the completion. */
export type AssignmentMemberRecord = {
  id: string;
  thinkTank: string;
  topicSlug: string;
  lessonSlug: string;
  everyone: boolean;
  dueAt: Date;
  note: string | null;
  createdAt: Date;
  coachName: string | null;
  coachUsername: string | null;
  coachDeleted: boolean;
  userId: string;
  name: string;
  username: string;
  attemptId: string | null;
  completedAt: Date | null;
};

export type AssignmentsFilter = {
  userId?: string;
  assignmentId?: string;
  status?: AssignmentStatus;
  /** The app's clock, for open and missed. */
  now: Date;
  /** After this place in the list (due time in ms, assignment id, member id). */
  after?: { dueMs: number; id: string; userId: string };
  limit: number;
};

/** A member who may be assigned a drill: their standing, for the service's rules. */
export type AssignableRow = {
  id: string;
  isAdmin: boolean;
  email: string;
  emailConfirmedAt: Date | null;
};

const INSERT_CHUNK = 1000;

/** Drizzle queries on drills (decision 81): assignments, their members, completions and reminders. */
export function assignmentsRepository(db: Db) {
  const coach = alias(users, 'coach');
  const member = alias(users, 'member');

  /** Done: its attempt stands (attempt_id is set null when the attempt is deleted). */
  function statusIs(status: AssignmentStatus, now: Date): SQL {
    const completed = sql`${assignmentMembers.attemptId} is not null and ${assignmentMembers.completedAt} is not null`;
    switch (status) {
      case 'done':
        return sql`(${completed} and ${assignmentMembers.completedAt} <= ${assignments.dueAt})`;
      case 'late':
        return sql`(${completed} and ${assignmentMembers.completedAt} > ${assignments.dueAt})`;
      case 'missed':
        return sql`(not (${completed}) and ${assignments.dueAt} < ${now.toISOString()}::timestamptz)`;
      case 'open':
        return sql`(not (${completed}) and ${assignments.dueAt} >= ${now.toISOString()}::timestamptz)`;
    }
  }

  return {
    /** The community's time zone (IANA name; 'UTC' until an admin sets one). */
    async timeZone(): Promise<string> {
      const [row] = await db
        .select({ timeZone: communitySettings.timeZone })
        .from(communitySettings)
        .where(eq(communitySettings.id, 1));
      return row?.timeZone ?? 'UTC';
    },

    /**
     * Of `ids`, the accounts in good standing at `now`: not deleted, active membership, not suspended
     * (an admin among them is returned too; the service decides).
     */
    async activeMembers(ids: readonly string[] | 'all', now: Date): Promise<AssignableRow[]> {
      if (ids !== 'all' && ids.length === 0) return [];
      const at = now.toISOString();
      return db
        .select({
          id: users.id,
          isAdmin: users.isAdmin,
          email: users.email,
          emailConfirmedAt: users.emailConfirmedAt,
        })
        .from(users)
        .where(
          and(
            ids === 'all' ? undefined : inArray(users.id, [...ids]),
            isNull(users.deletedAt),
            eq(users.membership, 'active'),
            or(
              isNull(users.suspendedAt),
              sql`(${users.suspendedUntil} is not null and ${users.suspendedUntil} <= ${at}::timestamptz)`,
            ),
          ),
        );
    },

    /** Stores an assignment and its members (their reminder claimed already when `reminded`). */
    async create(input: NewAssignment, userIds: readonly string[], remindedAt: Date | null) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(assignments)
          .values({
            thinkTank: input.thinkTank,
            topicSlug: input.topicSlug,
            lessonSlug: input.lessonSlug,
            everyone: input.everyone,
            dueAt: input.dueAt,
            note: input.note,
            createdBy: input.createdBy,
          })
          .returning();
        for (let i = 0; i < userIds.length; i += INSERT_CHUNK) {
          await tx
            .insert(assignmentMembers)
            .values(
              userIds
                .slice(i, i + INSERT_CHUNK)
                .map((userId) => ({ assignmentId: row!.id, userId, remindedAt })),
            );
        }
        return row!;
      });
    },

    async find(id: string) {
      const [row] = await db.select().from(assignments).where(eq(assignments.id, id));
      return row ?? null;
    },

    /** Deletes an assignment (its members' rows go with it): false when there was none. */
    async delete(id: string): Promise<boolean> {
      const rows = await db
        .delete(assignments)
        .where(eq(assignments.id, id))
        .returning({ id: assignments.id });
      return rows.length > 0;
    },

    /**
     * Members' drills, newest due first, then by assignment and member id; `limit + 1` rows so that the
     * caller knows whether there is a next page. Deleted members are left out.
     */
    async list(f: AssignmentsFilter): Promise<AssignmentMemberRecord[]> {
      const rows = await db
        .select({
          id: assignments.id,
          thinkTank: assignments.thinkTank,
          topicSlug: assignments.topicSlug,
          lessonSlug: assignments.lessonSlug,
          everyone: assignments.everyone,
          dueAt: assignments.dueAt,
          note: assignments.note,
          createdAt: assignments.createdAt,
          coachName: coach.name,
          coachUsername: coach.username,
          coachDeletedAt: coach.deletedAt,
          userId: member.id,
          name: member.name,
          username: member.username,
          attemptId: assignmentMembers.attemptId,
          completedAt: assignmentMembers.completedAt,
        })
        .from(assignmentMembers)
        .innerJoin(assignments, eq(assignments.id, assignmentMembers.assignmentId))
        .innerJoin(member, eq(member.id, assignmentMembers.userId))
        .leftJoin(coach, eq(coach.id, assignments.createdBy))
        .where(
          and(
            isNull(member.deletedAt),
            f.userId ? eq(assignmentMembers.userId, f.userId) : undefined,
            f.assignmentId ? eq(assignmentMembers.assignmentId, f.assignmentId) : undefined,
            f.status ? statusIs(f.status, f.now) : undefined,
            f.after
              ? sql`(${assignments.dueAt}, ${assignments.id}, ${assignmentMembers.userId}) < (${new Date(f.after.dueMs).toISOString()}::timestamptz, ${f.after.id}::uuid, ${f.after.userId}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(assignments.dueAt), desc(assignments.id), desc(assignmentMembers.userId))
        .limit(f.limit + 1);
      return rows.map(({ coachDeletedAt, ...r }) => ({ ...r, coachDeleted: coachDeletedAt !== null }));
    },

    /**
     * An attempt the member posted to a lesson completes their open drills of it assigned before
     * `at` (decision 81): one statement, so two attempts at once complete each drill once. The ids.
     */
    async complete(userId: string, thread: LessonThread, attemptId: string, at: Date): Promise<string[]> {
      const rows = await db
        .update(assignmentMembers)
        .set({ attemptId, completedAt: at })
        .where(
          and(
            eq(assignmentMembers.userId, userId),
            isNull(assignmentMembers.attemptId),
            sql`${assignmentMembers.assignmentId} in (
              select ${assignments.id} from ${assignments}
              where ${assignments.thinkTank} = ${thread.thinkTank} and ${assignments.topicSlug} = ${thread.topicSlug}
                and ${assignments.lessonSlug} = ${thread.lessonSlug} and ${assignments.createdAt} <= (select created_at from attempts where id = ${attemptId}::uuid)
            )`,
          ),
        )
        .returning({ id: assignmentMembers.assignmentId });
      return rows.map((r) => r.id);
    },

    /**
     * After attempts were deleted (their drills' attempt_id set null by the foreign key): each such
     * drill is completed again by the member's next attempt to its lesson posted after it was
     * assigned, if any (at that attempt's time), else opened again (decision 81). Of one member, or
     * of all. The number of drills worked out again.
     */
    async reconcile(userId?: string): Promise<number> {
      const result = (await db.execute(sql`
        with orphan as (
          select am.assignment_id, am.user_id, a.think_tank, a.topic_slug, a.lesson_slug, a.created_at
          from assignment_members am
          join assignments a on a.id = am.assignment_id
          where am.attempt_id is null and am.completed_at is not null
            ${userId ? sql`and am.user_id = ${userId}::uuid` : sql``}
        ),
        next as (
          select o.assignment_id, o.user_id, x.id as attempt_id, x.created_at
          from orphan o
          left join lateral (
            select at.id, at.created_at
            from discussion_messages d
            join attempts at on at.id = d.attempt_id
            where d.user_id = o.user_id and d.think_tank = o.think_tank and d.topic_slug = o.topic_slug
              and d.lesson_slug = o.lesson_slug and d.attempt_id is not null
              and at.created_at >= o.created_at
            order by at.created_at, at.id
            limit 1
          ) x on true
        )
        update assignment_members am
        set attempt_id = next.attempt_id, completed_at = next.created_at
        from next
        where am.assignment_id = next.assignment_id and am.user_id = next.user_id
        returning am.assignment_id`)) as unknown as { rows: Array<{ assignment_id: string }> };
      return result.rows.length;
    },

    /**
     * Claims the reminders due at `now` (drills still open, due within `horizonMs` and not past): one
     * conditional UPDATE … RETURNING, so that of several processes exactly one gets each (decision 81).
     * At most `limit` a round.
     */
    async claimReminders(now: Date, horizonMs: number, limit: number) {
      const at = now.toISOString();
      const until = new Date(now.getTime() + horizonMs).toISOString();
      const result = (await db.execute(sql`
        with due as (
          select am.assignment_id, am.user_id
          from assignment_members am
          join assignments a on a.id = am.assignment_id
          where am.reminded_at is null and am.attempt_id is null
            and a.due_at > ${at}::timestamptz and a.due_at <= ${until}::timestamptz
          limit ${limit}
          for update of am skip locked
        )
        update assignment_members am
        set reminded_at = ${at}::timestamptz
        from due, assignments a
        where am.assignment_id = due.assignment_id and am.user_id = due.user_id
          and a.id = am.assignment_id and am.reminded_at is null
        returning am.assignment_id, am.user_id, a.think_tank, a.topic_slug, a.lesson_slug, a.due_at`)) as unknown as {
        rows: Array<{
          assignment_id: string;
          user_id: string;
          think_tank: string;
          topic_slug: string;
          lesson_slug: string;
          due_at: Date | string;
        }>;
      };
      return result.rows.map((r) => ({
        assignmentId: r.assignment_id,
        userId: r.user_id,
        thinkTank: r.think_tank,
        topicSlug: r.topic_slug,
        lessonSlug: r.lesson_slug,
        dueAt: new Date(r.due_at),
      }));
    },
  };
}

export type AssignmentsRepository = ReturnType<typeof assignmentsRepository>;
