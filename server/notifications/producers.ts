import { formatDue } from '../../common/contracts/assignments-values';
import { findLesson, lessonHeading } from '../../common/curriculum';
import type { NotificationsRepository } from '../db/repositories/notifications.repository';
import type { Actor } from '../storage/session-store';
import type { NotificationLog } from './hub';
import type { NotificationsService } from './notifications.service';

/** A lesson discussion, as the notifications name it. */
export type LessonRef = { thinkTank: string; topic: string; lesson: string };

/**
 * Where each notification of decision 56 is made, one function per cause, called by the service that
 * committed the action (after it committed). None of them throws: a notification that cannot be made
 * is logged, and the member's action has succeeded all the same.
 */
export function notificationProducers(
  notifications: Pick<NotificationsService, 'create' | 'toCoaches' | 'toLessonReaders'>,
  repo: Pick<NotificationsRepository, 'attemptsAnsweredBy' | 'message'>,
  log: NotificationLog,
) {
  async function safely(what: string, task: () => Promise<unknown>): Promise<void> {
    try {
      await task();
    } catch (err) {
      log.error({ err }, `notifications for ${what} could not be made`);
    }
  }

  const producers = {
    /**
     * A coach's message (`attempt-reply`): the attempts it was the first coach reply to (set in its
     * insert, decision 52) notify their authors, once per attempt.
     */
    coachPosted(
      actor: Actor,
      message:
        | { kind: 'chat'; id: number; text: string }
        | ({ kind: 'lesson'; id: number; text: string } & LessonRef),
    ): Promise<void> {
      if (!actor.isAdmin) return Promise.resolve();
      return safely('a coach reply', async () => {
        const answered = await repo.attemptsAnsweredBy(message);
        await notifications.create(
          answered.map((a) => ({
            userId: a.userId,
            kind: 'attempt-reply' as const,
            actorId: actor.user.id,
            source: `attempt-${a.attemptId}`,
            excerpt: message.text,
            target: {
              type: 'attempt' as const,
              attemptId: a.attemptId,
              where:
                message.kind === 'chat'
                  ? { kind: 'chat' as const, messageId: a.messageId }
                  : {
                      kind: 'lesson' as const,
                      thinkTank: message.thinkTank,
                      topic: message.topic,
                      lesson: message.lesson,
                      messageId: a.messageId,
                    },
            },
          })),
        );
      });
    },

    /** A member posted an attempt (`attempt-new`): every coach is told. A coach's own attempt is not for review. */
    attemptPosted(
      actor: Actor,
      attempt: { id: string; caption: string },
      where: { kind: 'chat'; messageId: number } | ({ kind: 'lesson'; messageId: number } & LessonRef),
    ): Promise<void> {
      if (actor.isAdmin) return Promise.resolve();
      return safely('a new attempt', () =>
        notifications.toCoaches({
          kind: 'attempt-new',
          actorId: actor.user.id,
          source: `attempt-${attempt.id}`,
          excerpt: attempt.caption,
          target: { type: 'attempt', attemptId: attempt.id, where },
        }),
      );
    },

    /** A member reported a message or a member (`report-new`): every coach is told. */
    reportFiled(actor: Actor, report: { id: string; reason: string; note: string | null }): Promise<void> {
      return safely('a new report', () =>
        notifications.toCoaches({
          kind: 'report-new',
          actorId: actor.user.id,
          source: `report-${report.id}`,
          excerpt: report.note ? `${report.reason}: ${report.note}` : report.reason,
          target: { type: 'reports' },
        }),
      );
    },

    /**
     * A coach uploaded (or replaced) a lesson's video (`lesson-video`): every member who has opened
     * that lesson is told, once per video (a replacement is a new one).
     */
    lessonVideo(actor: Actor, lesson: LessonRef, mediaId: string): Promise<void> {
      return safely('a lesson video', () => {
        const found = findLesson(lesson.thinkTank, lesson.topic, lesson.lesson);
        return notifications.toLessonReaders(lesson, {
          kind: 'lesson-video',
          actorId: actor.user.id,
          source: `lesson-${lesson.thinkTank}/${lesson.topic}/${lesson.lesson}/${mediaId}`,
          excerpt: found ? lessonHeading(found) : null,
          target: { type: 'lesson', ...lesson },
        });
      });
    },

    /**
     * A coach assigned a drill (`assignment-new`, decision 81): each member it was set for is told,
     * with the lesson's heading and the due time in the community's time zone.
     */
    assignmentSet(
      actor: Actor,
      assignment: { id: string; title: string; dueAt: Date },
      userIds: readonly string[],
      timeZone: string,
    ): Promise<void> {
      return safely('a new drill', () =>
        notifications.create(
          userIds.map((userId) => ({
            userId,
            kind: 'assignment-new' as const,
            actorId: actor.user.id,
            source: `assignment-${assignment.id}`,
            excerpt: `${assignment.title} — due ${formatDue(assignment.dueAt, timeZone)}`,
            target: { type: 'assignment' as const, assignmentId: assignment.id },
          })),
        ),
      );
    },

    /**
     * Drills due within a day and still open (`assignment-due`): the reminders a round claimed
     * (decision 81), one per member and drill; no member caused them.
     */
    assignmentDue(
      due: ReadonlyArray<{ assignmentId: string; userId: string; title: string; dueAt: Date }>,
      timeZone: string,
    ): Promise<void> {
      return safely('drill reminders', () =>
        notifications.create(
          due.map((d) => ({
            userId: d.userId,
            kind: 'assignment-due' as const,
            actorId: null,
            source: `assignment-${d.assignmentId}`,
            excerpt: `${d.title} — due ${formatDue(d.dueAt, timeZone)}`,
            target: { type: 'assignment' as const, assignmentId: d.assignmentId },
          })),
        ),
      );
    },

    /** A coach approved a join request (`membership-approved`). */
    membershipApproved(actor: Actor, userId: string): Promise<void> {
      return safely('an approval', () =>
        notifications.create([
          {
            userId,
            kind: 'membership-approved',
            actorId: actor.user.id,
            source: `membership-${userId}`,
            excerpt: null,
            target: { type: 'home' },
          },
        ]),
      );
    },

    /**
     * A coach removed a member's message (`moderation`): its author is told, with the reason or, when
     * none was given, the message's first words.
     */
    messageRemoved(
      actor: Actor,
      message:
        | { kind: 'chat'; id: number; userId: string; content: string }
        | ({
            kind: 'discussion';
            id: number;
            userId: string;
            content: string;
            videoSeconds: number | null;
          } & LessonRef),
      reason: string | null | undefined,
    ): Promise<void> {
      if (message.userId === actor.user.id) return Promise.resolve();
      return safely('a removal', () =>
        notifications.create([
          {
            userId: message.userId,
            kind: 'moderation',
            actorId: actor.user.id,
            source: `${message.kind}-${message.id}`,
            excerpt: reason ? reason : message.content,
            target:
              message.kind === 'chat'
                ? { type: 'chat', messageId: message.id }
                : {
                    type: 'discussion',
                    thinkTank: message.thinkTank,
                    topic: message.topic,
                    lesson: message.lesson,
                    messageId: message.id,
                    videoSeconds: message.videoSeconds,
                  },
          },
        ]),
      );
    },

    /**
     * A coach removed a member's attempt (`moderation`): its messages became its author's tombstones
     * (`removed`, decision 53); the author is told once, at the first of them.
     */
    attemptRemoved(
      actor: Actor,
      removed: { chat: readonly number[]; discussion: readonly number[] },
      reason: string | null | undefined,
    ): Promise<void> {
      const kind = removed.chat.length > 0 ? ('chat' as const) : ('discussion' as const);
      const id = removed.chat[0] ?? removed.discussion[0];
      if (id === undefined) return Promise.resolve();
      return safely('an attempt removal', async () => {
        const m = await repo.message(kind, id);
        if (!m) return;
        if (kind === 'chat' || !m.thread) {
          await producers.messageRemoved(
            actor,
            { kind: 'chat', id, userId: m.userId, content: m.content },
            reason,
          );
        } else {
          await producers.messageRemoved(
            actor,
            {
              kind: 'discussion',
              id,
              userId: m.userId,
              content: m.content,
              videoSeconds: m.videoSeconds,
              ...m.thread,
            },
            reason,
          );
        }
      });
    },

    /**
     * A coach changed, moved or cancelled sessions (`event-changed`, decision 82): the members going
     * are told, once per change (the source holds the event's new `sequence`, or `cancelled`).
     */
    eventChanged(actor: Actor, changes: readonly EventChangeNotice[]): Promise<void> {
      if (changes.length === 0) return Promise.resolve();
      return safely('a session change', () =>
        notifications.create(
          changes.flatMap((c) =>
            c.userIds.map((userId) => ({
              userId,
              kind: 'event-changed' as const,
              actorId: actor.user.id,
              source: `event-${c.eventId}-${c.what === 'cancelled' ? 'cancelled' : c.sequence}`,
              excerpt:
                c.what === 'cancelled'
                  ? `Cancelled: ${c.title}`
                  : c.what === 'moved'
                    ? `${c.title}: now ${sessionTime(c.startsAt)}`
                    : `${c.title}: details changed`,
              target: { type: 'event' as const, eventId: c.eventId },
            })),
          ),
        ),
      );
    },

    /**
     * A session's reminder (`event-reminder`, decision 82) to the members going: one per member,
     * reminder and start time (a moved session is reminded again).
     */
    eventReminder(
      which: 'day' | 'soon',
      reminders: readonly { eventId: string; title: string; startsAt: Date; userIds: readonly string[] }[],
      now: number,
    ): Promise<void> {
      if (reminders.length === 0) return Promise.resolve();
      return safely('a session reminder', () =>
        notifications.create(
          reminders.flatMap((r) =>
            r.userIds.map((userId) => ({
              userId,
              kind: 'event-reminder' as const,
              actorId: null,
              source: `event-${r.eventId}-${which}-${r.startsAt.getTime()}`,
              excerpt: `${r.title}: starts ${startsIn(r.startsAt.getTime() - now)}`,
              target: { type: 'event' as const, eventId: r.eventId },
            })),
          ),
        ),
      );
    },
  };
  return producers;
}

/** One changed (or cancelled) session, and the members going to it, for `eventChanged`. */
export type EventChangeNotice = {
  eventId: string;
  title: string;
  sequence: number;
  startsAt: Date;
  what: 'changed' | 'moved' | 'cancelled';
  userIds: readonly string[];
};

/** A session's time in a notification's words, in UTC and labelled so (the app shows local time). */
function sessionTime(at: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(at)} UTC`;
}

/** "in 24 hours", "in 10 minutes", "in 1 minute". */
function startsIn(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes >= 120) return `in ${Math.round(minutes / 60)} hours`;
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export type NotificationProducers = ReturnType<typeof notificationProducers>;
