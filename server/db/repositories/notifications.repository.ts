import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { NotificationKind, NotificationTarget } from '../../../common/contracts/notifications';
import type { Db } from '../client';
import {
  attempts,
  chatMessages,
  discussionMessages,
  lessonProgress,
  notificationPreferences,
  notifications,
  users,
  type NotificationRow,
} from '../schema';

/** A notification to store: who gets it, what and why (`source` names the cause, for the one-per-cause rule). */
export type NotificationInsert = {
  userId: string;
  kind: NotificationKind;
  actorId: string | null;
  target: NotificationTarget;
  source: string;
  excerpt: string | null;
  inApp: boolean;
};

/** A notification as its member reads it: the row and what it shows of its actor. */
export type NotificationWithActor = NotificationRow & {
  actor: { name: string; username: string; profilePicture: string | null; deleted: boolean } | null;
};

/** What the rules of `create` read of a recipient (decision 56). */
export type RecipientRow = {
  id: string;
  email: string;
  emailConfirmedAt: Date | null;
  isAdmin: boolean;
  deletedAt: Date | null;
  membership: 'active' | 'pending' | 'declined';
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
  suspensionReason: string | null;
};

/** A recipient with their choices for one kind, their unread count, and what an actor shows. */
export type RecipientWithChoices = RecipientRow & {
  name: string;
  username: string;
  profilePicture: string | null;
  unread: number;
  choices: { inApp: boolean; email: string; push: boolean } | null;
};

export type PreferenceRow = typeof notificationPreferences.$inferSelect;

const recipientColumns = {
  id: users.id,
  email: users.email,
  emailConfirmedAt: users.emailConfirmedAt,
  isAdmin: users.isAdmin,
  deletedAt: users.deletedAt,
  membership: users.membership,
  suspendedAt: users.suspendedAt,
  suspendedUntil: users.suspendedUntil,
  suspensionReason: users.suspensionReason,
};

/** The unread rows of the partial index `notifications_unread_idx` (its predicate, word for word). */
// Literal SQL, not `eq(in_app, true)`: a bound `true` would keep a generic plan from proving the predicate.
const unread = sql`${notifications.readAt} is null and ${notifications.inApp}`;

/** Drizzle queries on notifications and their preferences (decision 56): rows and counts, no rules. */
export function notificationsRepository(db: Db) {
  const withActor = {
    row: notifications,
    actorName: users.name,
    actorUsername: users.username,
    actorPicture: users.profilePicture,
    actorDeletedAt: users.deletedAt,
  };
  type Joined = {
    row: NotificationRow;
    actorName: string | null;
    actorUsername: string | null;
    actorPicture: string | null;
    actorDeletedAt: Date | null;
  };
  const joined = (r: Joined): NotificationWithActor => ({
    ...r.row,
    actor:
      r.actorName === null
        ? null
        : {
            name: r.actorName,
            username: r.actorUsername ?? '',
            profilePicture: r.actorPicture,
            deleted: r.actorDeletedAt !== null,
          },
  });

  return {
    /** Stores them; a (member, kind, source) already there is left as it is and not returned. */
    async insert(rows: NotificationInsert[]): Promise<NotificationRow[]> {
      if (rows.length === 0) return [];
      return db.insert(notifications).values(rows).onConflictDoNothing().returning();
    },

    /**
     * The members among `ids` (deleted ones too: the caller leaves them out), each with what a new
     * notification of `kind` needs, in one query: the member's choices for that kind (null: the
     * defaults), their unread count before it, and what it shows of them as its actor.
     */
    async recipients(ids: readonly string[], kind: NotificationKind): Promise<RecipientWithChoices[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          ...recipientColumns,
          name: users.name,
          username: users.username,
          profilePicture: users.profilePicture,
          unread:
            sql<number>`(select count(*) from ${notifications} n where n.user_id = ${users.id} and n.read_at is null and n.in_app)`.mapWith(
              Number,
            ),
          prefInApp: notificationPreferences.inApp,
          prefEmail: notificationPreferences.email,
          prefPush: notificationPreferences.push,
        })
        .from(users)
        .leftJoin(
          notificationPreferences,
          and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, kind)),
        )
        .where(inArray(users.id, [...ids]));
      return rows.map(({ prefInApp, prefEmail, prefPush, ...r }) => ({
        ...r,
        choices:
          prefInApp === null || prefEmail === null || prefPush === null
            ? null
            : { inApp: prefInApp, email: prefEmail, push: prefPush },
      }));
    },

    /** Accounts that may be coaches: `is_admin`, or an address of ADMIN_EMAILS (the caller checks it was proven). */
    async coachCandidates(adminEmails: readonly string[]): Promise<RecipientRow[]> {
      const byList = adminEmails.length > 0 ? inArray(users.email, [...adminEmails]) : undefined;
      return db
        .select(recipientColumns)
        .from(users)
        .where(
          and(
            isNull(users.deletedAt),
            byList ? sql`(${users.isAdmin} or ${byList})` : eq(users.isAdmin, true),
          ),
        );
    },

    /** The members who have opened a lesson's page (lesson_progress.opened_at). */
    async lessonOpeners(lesson: { thinkTank: string; topic: string; lesson: string }): Promise<string[]> {
      const rows = await db
        .select({ userId: lessonProgress.userId })
        .from(lessonProgress)
        .where(
          and(
            eq(lessonProgress.thinkTank, lesson.thinkTank),
            eq(lessonProgress.topicSlug, lesson.topic),
            eq(lessonProgress.lessonSlug, lesson.lesson),
            sql`${lessonProgress.openedAt} is not null`,
          ),
        );
      return rows.map((r) => r.userId);
    },

    /**
     * The attempts a coach's message has just answered (their first reply, `reply_message_id`, decision
     * 52), with their authors and the message that posted each: a chat reply to an attempt's message, or
     * a message in a lesson discussion after attempts there.
     */
    async attemptsAnsweredBy(
      message:
        | { kind: 'chat'; id: number }
        | { kind: 'lesson'; id: number; thinkTank: string; topic: string; lesson: string },
    ): Promise<Array<{ attemptId: string; userId: string; messageId: number }>> {
      if (message.kind === 'chat') {
        return db
          .select({ attemptId: attempts.id, userId: attempts.userId, messageId: chatMessages.id })
          .from(chatMessages)
          .innerJoin(attempts, eq(attempts.id, chatMessages.attemptId))
          .where(
            and(
              sql`${chatMessages.id} = (select reply_to_id from ${chatMessages} r where r.id = ${message.id}::bigint)`,
              eq(attempts.replyMessageId, message.id),
            ),
          );
      }
      return db
        .select({ attemptId: attempts.id, userId: attempts.userId, messageId: discussionMessages.id })
        .from(discussionMessages)
        .innerJoin(attempts, eq(attempts.id, discussionMessages.attemptId))
        .where(
          and(
            eq(discussionMessages.thinkTank, message.thinkTank),
            eq(discussionMessages.topicSlug, message.topic),
            eq(discussionMessages.lessonSlug, message.lesson),
            lt(discussionMessages.id, message.id),
            eq(attempts.replyMessageId, message.id),
          ),
        );
    },

    /** A chat message's or a discussion message's author, text and thread (a removal's notification). */
    async message(
      kind: 'chat' | 'discussion',
      id: number,
    ): Promise<{
      userId: string;
      content: string;
      thread: { thinkTank: string; topic: string; lesson: string } | null;
      videoSeconds: number | null;
    } | null> {
      if (kind === 'chat') {
        const [row] = await db
          .select({
            userId: chatMessages.userId,
            content: chatMessages.content,
            type: chatMessages.messageType,
          })
          .from(chatMessages)
          .where(eq(chatMessages.id, id))
          .limit(1);
        return row
          ? {
              userId: row.userId,
              content: row.type === 'text' || row.type === 'attempt' ? row.content : '',
              thread: null,
              videoSeconds: null,
            }
          : null;
      }
      const [row] = await db
        .select({
          userId: discussionMessages.userId,
          content: discussionMessages.text,
          thinkTank: discussionMessages.thinkTank,
          topic: discussionMessages.topicSlug,
          lesson: discussionMessages.lessonSlug,
          videoSeconds: discussionMessages.videoSeconds,
        })
        .from(discussionMessages)
        .where(eq(discussionMessages.id, id))
        .limit(1);
      return row
        ? {
            userId: row.userId,
            content: row.content,
            thread: { thinkTank: row.thinkTank, topic: row.topic, lesson: row.lesson },
            videoSeconds: row.videoSeconds,
          }
        : null;
    },

    /** The preference rows of these members for one kind (a member with none has the defaults). */
    async preferences(userIds: readonly string[], kind: NotificationKind): Promise<PreferenceRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(notificationPreferences)
        .where(
          and(inArray(notificationPreferences.userId, [...userIds]), eq(notificationPreferences.kind, kind)),
        );
    },

    /** A member's in-app notifications, newest first, `limit` of them before the id `before`. */
    async list(userId: string, opts: { before?: number; limit: number }): Promise<NotificationWithActor[]> {
      const rows = await db
        .select(withActor)
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(
          and(
            eq(notifications.userId, userId),
            sql`${notifications.inApp}`,
            opts.before !== undefined ? lt(notifications.id, opts.before) : undefined,
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(opts.limit);
      return rows.map(joined);
    },

    /** Notifications by id, with their actors (the hub reads the new ones once). */
    async byIds(ids: readonly number[]): Promise<NotificationWithActor[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(withActor)
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(inArray(notifications.id, [...ids]));
      return rows.map(joined);
    },

    /** How many in-app notifications a member has not read (the partial index answers it). */
    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), unread));
      return row?.n ?? 0;
    },

    /** The unread counts of several members at once (members with none are absent). */
    async unreadCounts(userIds: readonly string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: notifications.userId, n: count() })
        .from(notifications)
        .where(and(inArray(notifications.userId, [...userIds]), unread))
        .groupBy(notifications.userId);
      return new Map(rows.map((r) => [r.userId, r.n]));
    },

    /**
     * Marks a member's unread notifications read: those of `ids` that are theirs, or all of them.
     * Answers how many were marked now (others' ids and those already read are not counted).
     */
    async markRead(userId: string, ids: readonly number[] | 'all', at: Date): Promise<number> {
      if (ids !== 'all' && ids.length === 0) return 0;
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            eq(notifications.userId, userId),
            unread,
            ids === 'all' ? undefined : inArray(notifications.id, [...ids]),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
