import {
  ASSIGNMENT_REMINDER_MS,
  ASSIGNMENTS_LIMIT_DEFAULT,
  type AssignmentsQuery,
  type AssignmentsResponse,
  type AssignmentView,
  type CreateAssignmentBody,
} from '../../../common/contracts/assignments';
import { isDiscussionThread } from '../../../common/curriculum';
import type {
  AssignmentMemberRecord,
  AssignmentsRepository,
  LessonThread,
} from '../../db/repositories/assignments.repository';
import { AppError } from '../../lib/errors';
import { rounds } from '../../lib/rounds';
import type { NotificationProducers } from '../../notifications/producers';
import { authorize } from '../../policies';
import { drillTitle, presentAssignmentItem, presentDrillLesson } from '../../presenters/assignment.presenter';
import type { Actor } from '../../storage/session-store';
import type { DrillsCache } from './assignments.cache';

/** Reminders claimed per statement in a round (a round goes on while a claim comes back full). */
const REMINDERS_PER_CLAIM = 500;
/** How often each process looks for reminders to send. */
const REMINDER_POLL_MS = 60_000;

type Deps = {
  repo: AssignmentsRepository;
  adminEmails: ReadonlySet<string>;
  /** The app's clock (`config.clock ?? Date.now`): due times, statuses and reminders read it. */
  now: () => number;
  produce: Pick<NotificationProducers, 'assignmentSet' | 'assignmentDue'>;
  log: { warn(obj: object, msg: string): void };
  pollMs?: number;
  /** Members' own lists and the time zone kept in memory (decision 81); without it, every list queries. */
  cache?: DrillsCache<AssignmentMemberRecord[]>;
};

/** A list cursor ('<due ms>_<assignment id>_<member id>', checked by the contract's pattern) as its parts. */
function parseCursor(cursor: string) {
  const [dueMs, id, userId] = cursor.split('_') as [string, string, string];
  return { dueMs: Number(dueMs), id, userId };
}

/**
 * Drills (issue 34 §1, decision 81): a coach assigns a lesson to members or to everyone, due at a
 * time; an attempt the member posts to the lesson completes it; a reminder 24 h before the due time
 * while it is open, sent once by one process.
 */
export function assignmentsService({
  repo,
  adminEmails,
  now,
  produce,
  log,
  pollMs = REMINDER_POLL_MS,
  cache,
}: Deps) {
  /** A coach: `is_admin`, or a proven address of ADMIN_EMAILS (as isAdminRow of the user presenter). */
  const isCoach = (r: { isAdmin: boolean; email: string; emailConfirmedAt: Date | null }) =>
    r.isAdmin || (r.emailConfirmedAt !== null && adminEmails.has(r.email));

  /** One round: claims the reminders now due, a batch at a time, and sends them. */
  async function remindRound(): Promise<number> {
    let sent = 0;
    let timeZone: string | null = null;
    for (;;) {
      const claimed = await repo.claimReminders(new Date(now()), ASSIGNMENT_REMINDER_MS, REMINDERS_PER_CLAIM);
      if (claimed.length === 0) break;
      timeZone ??= await repo.timeZone();
      await produce.assignmentDue(
        claimed.map((c) => ({
          assignmentId: c.assignmentId,
          userId: c.userId,
          title: drillTitle(c.thinkTank, c.topicSlug, c.lessonSlug),
          dueAt: c.dueAt,
        })),
        timeZone,
      );
      sent += claimed.length;
      if (claimed.length < REMINDERS_PER_CLAIM || reminders.stopped) break;
    }
    return sent;
  }

  /** Reminder rounds, one at a time in this process (server/lib/rounds.ts). */
  const reminders = rounds({
    round: remindRound,
    pollMs,
    log,
    failed: 'drill reminders could not be read; the next round tries again',
  });

  return {
    /** POST /api/assignments (coaches): 201 with the drill as the coach sees it, each member's status. */
    async create(actor: Actor, body: CreateAssignmentBody): Promise<AssignmentView> {
      authorize(actor, 'assignments.create');
      const { thinkTank, topic, lesson } = body.lesson;
      // What an attempt can be posted to: every lesson, and the single-page Think Tanks as main/main.
      if (!isDiscussionThread(thinkTank, topic, lesson)) {
        throw new AppError('not_found', 'Lesson not found: lesson must be a lesson of the curriculum');
      }
      const at = now();
      const dueAt = new Date(body.dueAt);
      if (dueAt.getTime() <= at) throw new AppError('bad_request', 'dueAt must be in the future');

      let userIds: string[];
      if (body.everyone) {
        // Everyone: every active member in good standing at this moment, coaches left out (decision 81).
        const rows = await repo.activeMembers('all', new Date(at));
        userIds = rows.filter((r) => !isCoach(r)).map((r) => r.id);
        if (userIds.length === 0)
          throw new AppError('bad_request', 'There are no members to assign a drill to yet');
      } else {
        userIds = [...new Set(body.memberIds ?? [])];
        const found = new Set((await repo.activeMembers(userIds, new Date(at))).map((r) => r.id));
        const unknown = userIds.filter((id) => !found.has(id));
        if (unknown.length > 0) {
          throw new AppError(
            'bad_request',
            `memberIds: ${unknown.length === 1 ? 'this id names' : `${unknown.length} ids name`} no active member: ${unknown.slice(0, 5).join(', ')}`,
          );
        }
      }

      // Due within a day already: the new drill's notification says when, so no reminder follows.
      const remindedAt = dueAt.getTime() - at <= ASSIGNMENT_REMINDER_MS ? new Date(at) : null;
      const thread: LessonThread = { thinkTank, topicSlug: topic, lessonSlug: lesson };
      const row = await repo.create(
        {
          ...thread,
          everyone: body.everyone === true,
          dueAt,
          note: body.note ? body.note : null,
          createdBy: actor.user.id,
        },
        userIds,
        remindedAt,
      );
      if (body.everyone) cache?.forget(null);
      else for (const id of userIds) cache?.forget(id);
      const timeZone = await repo.timeZone();
      await produce.assignmentSet(
        actor,
        { id: row.id, title: drillTitle(thinkTank, topic, lesson), dueAt },
        userIds,
        timeZone,
      );
      const members = await repo.list({ assignmentId: row.id, now: new Date(at), limit: userIds.length });
      return {
        id: row.id,
        lesson: presentDrillLesson(row),
        dueAt: row.dueAt.toISOString(),
        note: row.note,
        everyone: row.everyone,
        createdAt: row.createdAt.toISOString(),
        coach: { name: actor.user.name, username: actor.user.username },
        members: members
          .slice(0, userIds.length)
          .map((m) => presentAssignmentItem(m, at))
          .map((m) => ({ ...m.member, status: m.status })),
        timeZone,
      };
    },

    /**
     * GET /api/assignments: a member's own drills; a coach's across members (filter `member`), both
     * by `status`; newest due first, a page of `limit` after `cursor`.
     */
    async list(actor: Actor, query: AssignmentsQuery): Promise<AssignmentsResponse> {
      if (query.member !== undefined && query.member !== actor.user.id)
        authorize(actor, 'assignments.review');
      const at = now();
      const userId = actor.isAdmin ? query.member : actor.user.id;
      const load = () =>
        repo.list({
          userId,
          status: query.status,
          now: new Date(at),
          after: query.cursor ? parseCursor(query.cursor) : undefined,
          limit: query.limit,
        });
      // A member's own first page, unfiltered (the drills page's request), is kept as rows and presented
      // at this request's clock, so that open turns missed as time passes (decision 81).
      const own =
        cache !== undefined &&
        userId === actor.user.id &&
        query.status === undefined &&
        query.cursor === undefined &&
        query.limit === ASSIGNMENTS_LIMIT_DEFAULT;
      const [rows, timeZone] = await Promise.all([
        own ? cache.rows(userId, load) : load(),
        cache ? cache.timeZone(() => repo.timeZone()) : repo.timeZone(),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => presentAssignmentItem(r, at)),
        nextCursor:
          rows.length > query.limit && last ? `${last.dueAt.getTime()}_${last.id}_${last.userId}` : null,
        timeZone,
      };
    },

    /** DELETE /api/assignments/:id (coaches): the drill and every member's part of it. */
    async remove(actor: Actor, id: string): Promise<void> {
      authorize(actor, 'assignments.delete');
      const deleted = await repo.delete(id);
      // Its members are not known here: every list is forgotten (the trigger names each one elsewhere).
      cache?.forget(null);
      if (!deleted) throw new AppError('not_found', 'Drill not found');
    },

    /**
     * After an attempt to a lesson was stored (attempts.service post): the member's open drills of
     * that lesson are done, or late, at this moment. Never throws: the attempt is posted all the same.
     */
    async attemptPosted(userId: string, thread: LessonThread, attemptId: string): Promise<void> {
      try {
        const completed = await repo.complete(userId, thread, attemptId, new Date(now()));
        if (completed.length > 0) cache?.forget(userId);
      } catch (err) {
        log.warn({ err, attemptId }, 'a drill could not be marked done');
      }
    },

    /**
     * After attempts were deleted (of one member, or any): the drills they completed are completed by
     * the member's next attempt to the lesson, or open (or missed) again (decision 81).
     */
    async attemptsDeleted(userId?: string): Promise<void> {
      try {
        await repo.reconcile(userId);
        cache?.forget(userId ?? null);
      } catch (err) {
        log.warn({ err, userId }, 'drills could not be worked out again after an attempt was deleted');
      }
    },

    /**
     * One reminder round now, or after the one under way (tests call it with their clock): how many
     * reminders it claimed.
     */
    remindDue: reminders.run,

    /** Reminder rounds every minute in this process, and one now; the kept lists start listening. */
    async start() {
      await cache?.start();
      reminders.start();
    },

    async stop() {
      await reminders.stop();
      await cache?.stop();
    },
  };
}

export type AssignmentsService = ReturnType<typeof assignmentsService>;
