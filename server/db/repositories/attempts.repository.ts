import { and, asc, desc, eq, exists, inArray, isNotNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import { authorColumns } from './users.repository';
import { uuidArray } from './mentions.repository';
import {
  attempts,
  chatMessages,
  discussionMessages,
  recordings,
  users,
  type AttemptAngle,
  type RecordingRow,
} from '../schema';

/** A thread of a lesson discussion (as the discussions repository's Slot). */
export type Thread = { thinkTank: string; topicSlug: string; lessonSlug: string };

/**
 * An attempt as its message shows it (issue 18): the media ids still there (a file deleted since is
 * null), and the posted voiceover's files and real length while the recording exists.
 */
export type AttemptRecord = {
  id: string;
  caption: string;
  imageMediaId: string | null;
  clipMediaId: string | null;
  angles: AttemptAngle[];
  frameSeconds: number | null;
  voiceover: Pick<
    RecordingRow,
    'id' | 'audioMediaId' | 'screenMediaId' | 'screenHasAudio' | 'durationSeconds'
  > | null;
};

/**
 * The columns that read a message's attempt, for a select that left-joins `attempts` on the message's
 * `attempt_id` and `recordings` on the attempt's recording (`joinAttempt`). `attemptOf` makes the record.
 */
export const attemptColumns = {
  attemptId: attempts.id,
  attemptCaption: attempts.caption,
  attemptImageMediaId: attempts.imageMediaId,
  attemptClipMediaId: attempts.clipMediaId,
  attemptAngles: attempts.angles,
  attemptFrameSeconds: attempts.frameSeconds,
  voiceoverId: recordings.id,
  voiceoverAudioMediaId: recordings.audioMediaId,
  voiceoverScreenMediaId: recordings.screenMediaId,
  voiceoverSeconds: recordings.durationSeconds,
  voiceoverScreenHasAudio: recordings.screenHasAudio,
};

/** What `attemptColumns` reads, after the left joins (every column may be null). */
export type AttemptColumns = {
  attemptId: string | null;
  attemptCaption: string | null;
  attemptImageMediaId: string | null;
  attemptClipMediaId: string | null;
  attemptAngles: AttemptAngle[] | null;
  attemptFrameSeconds: number | null;
  voiceoverId: string | null;
  voiceoverAudioMediaId: string | null;
  voiceoverScreenMediaId: string | null;
  voiceoverSeconds: number | null;
  voiceoverScreenHasAudio: boolean | null;
};

/** The join conditions of `attemptColumns`, given the message's `attempt_id` column. */
export const joinAttempt = {
  attempts: (attemptId: typeof chatMessages.attemptId | typeof discussionMessages.attemptId) =>
    eq(attempts.id, attemptId),
  recordings: eq(recordings.id, attempts.recordingId),
};

/** The attempt read by `attemptColumns`, or null for a message that posts none. */
export function attemptOf(row: AttemptColumns): AttemptRecord | null {
  if (row.attemptId === null) return null;
  return {
    id: row.attemptId,
    caption: row.attemptCaption ?? '',
    imageMediaId: row.attemptImageMediaId,
    clipMediaId: row.attemptClipMediaId,
    angles: row.attemptAngles ?? [],
    frameSeconds: row.attemptFrameSeconds === null ? null : Number(row.attemptFrameSeconds),
    voiceover:
      row.voiceoverId === null
        ? null
        : {
            id: row.voiceoverId,
            audioMediaId: row.voiceoverAudioMediaId!,
            screenMediaId: row.voiceoverScreenMediaId!,
            screenHasAudio: row.voiceoverScreenHasAudio === true,
            durationSeconds: Number(row.voiceoverSeconds),
          },
  };
}

/** An attempt to store: the member's own uploads and voiceover, checked by the service. */
export type NewAttempt = {
  userId: string;
  imageMediaId: string | null;
  clipMediaId: string | null;
  recordingId: string | null;
  caption: string;
  angles: AttemptAngle[];
  frameSeconds: number | null;
  /** The members its caption mentions (decision 57), kept on the message that posts it. */
  mentions?: readonly string[];
};

/** The `attempts` row of a new attempt, as one statement's first part (with the message it posts). */
export const attemptValues = (a: NewAttempt) => sql`
  select ${a.userId}::uuid, ${a.imageMediaId}::uuid, ${a.clipMediaId}::uuid, ${a.recordingId}::uuid,
         ${a.caption}::text, ${JSON.stringify(a.angles)}::jsonb, ${a.frameSeconds}::real`;

/** The columns `attemptValues` fills, in its order. */
export const ATTEMPT_INSERT_COLUMNS = sql.raw(
  '(user_id, image_media_id, clip_media_id, recording_id, caption, angles, frame_seconds)',
);

/** The last part of a statement storing an attempt `a` and its message `m`: what `postedAs` reads. */
export const POSTED_COLUMNS = sql.raw(
  'select m.id, m.attempt_id, (extract(epoch from m.created_at) * 1000)::float8 as created_ms, a.frame_seconds from m, a',
);

/** The message and attempt stored (their ids, the message's time, the frame's time as stored). */
export function postedAs(result: unknown) {
  const row = (
    result as {
      rows: Array<{
        id: number | string;
        attempt_id: string;
        created_ms: number;
        frame_seconds: number | null;
      }>;
    }
  ).rows[0]!;
  return {
    id: Number(row.id),
    attemptId: row.attempt_id,
    createdAt: new Date(row.created_ms),
    frameSeconds: row.frame_seconds === null ? null : Number(row.frame_seconds),
  };
}

/** Whether a user is an admin (`is_admin`, or one of `adminEmails`), as GET /api/progress reads it. */
const isAdminUser = (u: { isAdmin: AnyPgColumn; email: AnyPgColumn }, adminEmails: readonly string[]): SQL =>
  adminEmails.length > 0 ? or(eq(u.isAdmin, true), inArray(u.email, [...adminEmails]))! : eq(u.isAdmin, true);

export const REVIEW_PAGE_SIZE = 50;

/**
 * Whether a coach has answered the attempt of the current row, searched per request (decision 50; since
 * decision 52 the lists read the stored `attempts.replied_at`, set by the same rule when a reply is
 * posted, and `setFirstReplies` works it out again; this is kept as the reference bench/attempts-review.ts
 * measures against): an admin other than its author posted in the lesson discussion
 * after the attempt's message (`discussion_messages` of the outer query), or replied to its message in
 * the chat (`chat_messages` of the outer query, a reply naming it by `reply_to_id`). For each admin
 * (`users_admin_idx`, the e-mail index), one look-up by `discussion_messages_user_idx` and one by
 * `chat_messages_reply_to_idx`, never the rest of the discussion or the room.
 */
export function coachReplied(
  adminEmails: readonly string[],
  where: { discussion: boolean; chat: boolean },
): SQL {
  const emails = JSON.stringify(adminEmails);
  const inDiscussion = sql`exists (
        select 1 from ${discussionMessages} d
        where d.user_id = coach.id and d.think_tank = ${discussionMessages.thinkTank}
          and d.topic_slug = ${discussionMessages.topicSlug} and d.lesson_slug = ${discussionMessages.lessonSlug}
          and d.id > ${discussionMessages.id})`;
  const inChat = sql`exists (
        select 1 from ${chatMessages} r where r.reply_to_id = ${chatMessages.id} and r.user_id = coach.id)`;
  const answered =
    where.discussion && where.chat
      ? sql`(${inDiscussion} or ${inChat})`
      : where.discussion
        ? inDiscussion
        : inChat;
  return sql`exists (
    select 1 from (
      select id from ${users} where is_admin
      union
      select id from ${users} where email = any(array(select jsonb_array_elements_text(${emails}::jsonb)))
    ) coach
    where coach.id <> ${attempts.userId} and ${answered})`;
}

/**
 * The part of a statement storing a coach's discussion message (a CTE `m` returning its `id` and
 * `created_at`) that marks the thread's attempts no coach had answered yet as answered by it (decision
 * 52): `, answered as (…)` after `m`. The coach's own attempts stay as they are.
 */
export const answeredInThread = (thread: Thread, coachId: string) => sql`answered as (
    update ${attempts} set replied_at = m.created_at, reply_message_id = m.id
    from m
    where ${attempts.repliedAt} is null and ${attempts.userId} <> ${coachId}::uuid
      and ${attempts.id} in (
        select d.attempt_id from ${discussionMessages} d
        where d.think_tank = ${thread.thinkTank}::text and d.topic_slug = ${thread.topicSlug}::text
          and d.lesson_slug = ${thread.lessonSlug}::text and d.attempt_id is not null and d.id < m.id)
    returning ${attempts.id})`;

/**
 * The same for a coach's chat message `m` replying to message `replyToId`: the attempt that message
 * posts, if any, is answered by it.
 */
export const answeredInChat = (replyToId: number, coachId: string) => sql`answered as (
    update ${attempts} set replied_at = m.created_at, reply_message_id = m.id
    from m
    where ${attempts.repliedAt} is null and ${attempts.userId} <> ${coachId}::uuid
      and ${attempts.id} = (select c.attempt_id from ${chatMessages} c where c.id = ${replyToId}::bigint)
    returning ${attempts.id})`;

/** The admins' ids: `is_admin`, or a confirmed address in ADMIN_EMAILS (as `isAdminRow`). */
const coachIds = (adminEmails: readonly string[]) => sql`(
    select id from ${users} where is_admin
    union
    select id from ${users}
    where email_confirmed_at is not null
      and email = any(array(select jsonb_array_elements_text(${JSON.stringify(adminEmails)}::jsonb))))`;

/**
 * Sets the stored reply of the attempts `target` selects (a query of their `id` and `user_id`) to their
 * first coach reply still standing, worked out from the messages as the review list once did per
 * request: an admin other than the author posting in the attempt's discussion after it, or replying
 * to its chat message; a removed message (decision 53) does not count. `keep`: attempts with none
 * are left as they are (the start-up pass), else they await a reply again. The ids changed.
 */
async function setFirstReplies(
  db: Db,
  target: SQL,
  adminEmails: readonly string[],
  keep: boolean,
): Promise<string[]> {
  // Per attempt, an index look-up per coach (discussion_messages_user_idx, from the attempt's time)
  // and one by chat_messages_reply_to_idx: never the rest of a thread or the room, whatever the plan.
  const result = (await db.execute(sql`
    with coach as ${coachIds(adminEmails)},
    target as (${target}),
    first as (
      select t.id as attempt_id, f.id as message_id, f.created_at
      from target t
      left join lateral (
        select x.id, x.created_at from (
          select d.id, d.created_at
          from ${discussionMessages} am
          join coach on coach.id <> t.user_id
          join lateral (
            select d.id, d.created_at from ${discussionMessages} d
            where d.user_id = coach.id and d.think_tank = am.think_tank and d.topic_slug = am.topic_slug
              and d.lesson_slug = am.lesson_slug and d.created_at >= am.created_at and d.id > am.id
              and d.removed_at is null
            order by d.created_at, d.id limit 1
          ) d on true
          where am.attempt_id = t.id
          union all
          select r.id, r.created_at
          from ${chatMessages} cm
          join ${chatMessages} r on r.reply_to_id = cm.id
          where cm.attempt_id = t.id and r.removed_at is null and r.user_id <> t.user_id
            and r.user_id in (select id from coach)
        ) x
        order by x.created_at, x.id limit 1
      ) f on true
      ${keep ? sql`where f.id is not null` : sql``}
    )
    update ${attempts} set replied_at = first.created_at, reply_message_id = first.message_id
    from first
    where ${attempts.id} = first.attempt_id
      and (${attempts.repliedAt}, ${attempts.replyMessageId})
        is distinct from (first.created_at, first.message_id)
    returning ${attempts.id} as id`)) as unknown as { rows: Array<{ id: string }> };
  return result.rows.map((r) => r.id);
}

/** Whether the current row's reply is unread: replied since the member last opened it. */
const UNREAD = sql`(${attempts.repliedAt} is not null and (${attempts.replySeenAt} is null or ${attempts.replySeenAt} < ${attempts.repliedAt}))`;

/** Where the review list stands: the last item's time (to the microsecond, UTC) and id. */
const CURSOR_TIME = sql<string>`to_char(${attempts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Drizzle queries on attempts (issue 18). */
export function attemptsRepository(db: Db) {
  return {
    /** The attempt's author, or null when there is no such attempt. */
    async find(id: string): Promise<{ userId: string } | null> {
      const [row] = await db
        .select({ userId: attempts.userId })
        .from(attempts)
        .where(eq(attempts.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Whether an attempt already posts this file as its frame or clip. */
    async mediaPosted(mediaId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: attempts.id })
        .from(attempts)
        .where(or(eq(attempts.imageMediaId, mediaId), eq(attempts.clipMediaId, mediaId)))
        .limit(1);
      return row !== undefined;
    },

    /** One of the member's own recordings, or null (another member's is not found either). */
    async ownRecording(id: string, userId: string): Promise<RecordingRow | null> {
      const [row] = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.id, id), eq(recordings.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** Whether a recording is posted in an attempt in the community chat. */
    async postedInChat(recordingId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .innerJoin(attempts, eq(attempts.id, chatMessages.attemptId))
        .where(eq(attempts.recordingId, recordingId))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Whether a file is the audio or screen of a voiceover posted in an attempt: then those who see
     * the post may play it (GET /api/media), and only while it is posted.
     */
    async voiceoverFilePosted(mediaId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: recordings.id })
        .from(recordings)
        .where(
          and(
            or(eq(recordings.audioMediaId, mediaId), eq(recordings.screenMediaId, mediaId)),
            exists(
              db
                .select({ one: sql`1` })
                .from(attempts)
                .where(eq(attempts.recordingId, recordings.id)),
            ),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Stores an attempt and the lesson discussion message that posts it, in one statement; a coach's
     * (`coach`) answers the thread's earlier attempts as any coach's message there does (decision 52).
     */
    async postToDiscussion(thread: Thread, a: NewAttempt, coach = false) {
      return postedAs(
        await db.execute(sql`
          with a as (
            insert into ${attempts} ${ATTEMPT_INSERT_COLUMNS} ${attemptValues(a)}
            returning id, frame_seconds
          ),
          m as (
            insert into ${discussionMessages} (think_tank, topic_slug, lesson_slug, user_id, text, attempt_id, mentions)
            select ${thread.thinkTank}::text, ${thread.topicSlug}::text, ${thread.lessonSlug}::text,
                   ${a.userId}::uuid, ${a.caption}::text, a.id, ${uuidArray(a.mentions ?? [])} from a
            returning id, attempt_id, created_at
          )
          ${coach ? sql`, ${answeredInThread(thread, a.userId)}` : sql``}
          ${POSTED_COLUMNS}`),
      );
    },

    /**
     * Deletes an attempt (its message goes with it, by the foreign key): the files it posted, to
     * remove, and the chat message that showed it, if any; null when it was already gone.
     */
    async delete(id: string) {
      return db.transaction(async (tx) => {
        const chat = await tx
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(eq(chatMessages.attemptId, id));
        const [row] = await tx
          .delete(attempts)
          .where(eq(attempts.id, id))
          .returning({ imageMediaId: attempts.imageMediaId, clipMediaId: attempts.clipMediaId });
        if (!row) return null;
        return {
          mediaIds: [row.imageMediaId, row.clipMediaId].filter((m): m is string => m !== null),
          chatMessageIds: chat.map((c) => c.id),
        };
      });
    },

    /** Deletes the attempts posted to one lesson discussion: the files they posted, to remove. */
    async deleteInThread(thread: Thread): Promise<string[]> {
      const inThread = db
        .select({ id: discussionMessages.attemptId })
        .from(discussionMessages)
        .where(
          and(
            eq(discussionMessages.thinkTank, thread.thinkTank),
            eq(discussionMessages.topicSlug, thread.topicSlug),
            eq(discussionMessages.lessonSlug, thread.lessonSlug),
          ),
        );
      const rows = await db
        .delete(attempts)
        .where(inArray(attempts.id, inThread))
        .returning({ imageMediaId: attempts.imageMediaId, clipMediaId: attempts.clipMediaId });
      return rows.flatMap((r) => [r.imageMediaId, r.clipMediaId]).filter((m): m is string => m !== null);
    },

    /**
     * The coaches' review list: attempts posted to lesson discussions, newest first, a page of
     * REVIEW_PAGE_SIZE before `before`, optionally of one area, topic or lesson; with whether a coach
     * replied to it (the stored first reply, decision 52).
     */
    async review(
      filter: { thinkTank?: string; topic?: string; lesson?: string; before?: Date },
      _adminEmails: readonly string[],
    ) {
      const rows = await db
        .select({
          messageId: discussionMessages.id,
          thinkTank: discussionMessages.thinkTank,
          topicSlug: discussionMessages.topicSlug,
          lessonSlug: discussionMessages.lessonSlug,
          createdAt: discussionMessages.createdAt,
          ...authorColumns,
          ...attemptColumns,
          // The stored first reply (decision 52), as the inbox reads it.
          replied: sql<boolean>`${attempts.repliedAt} is not null`,
        })
        .from(discussionMessages)
        .innerJoin(attempts, joinAttempt.attempts(discussionMessages.attemptId))
        .innerJoin(users, eq(users.id, discussionMessages.userId))
        .leftJoin(recordings, joinAttempt.recordings)
        .where(
          and(
            filter.thinkTank === undefined ? undefined : eq(discussionMessages.thinkTank, filter.thinkTank),
            filter.topic === undefined ? undefined : eq(discussionMessages.topicSlug, filter.topic),
            filter.lesson === undefined ? undefined : eq(discussionMessages.lessonSlug, filter.lesson),
            filter.before === undefined ? undefined : lt(discussionMessages.createdAt, filter.before),
          ),
        )
        .orderBy(desc(discussionMessages.createdAt), desc(discussionMessages.id))
        .limit(REVIEW_PAGE_SIZE);
      return rows.map((r) => ({ ...r, replied: Boolean(r.replied), attempt: attemptOf(r)! }));
    },

    /**
     * The coaches' inbox (issue 30): attempts posted to any discussion or to the chat by members who
     * are not admins, awaiting a coach's reply (oldest first) or answered (newest first), `limit`
     * after `cursor` (`createdAt_id` of the last one read), by `attempts_created_idx`; and how many
     * await a reply in all.
     */
    async inbox(
      q: { status: 'awaiting' | 'replied'; cursor?: { createdAt: string; id: string }; limit: number },
      adminEmails: readonly string[],
    ) {
      // The stored reply (decision 52), by attempts_awaiting_idx: no per-request search of the threads.
      const replied = isNotNull(attempts.repliedAt);
      const shown = and(
        not(isAdminUser(users, adminEmails)),
        or(isNotNull(discussionMessages.id), isNotNull(chatMessages.id)),
      );
      const oldestFirst = q.status === 'awaiting';
      const after = q.cursor
        ? oldestFirst
          ? sql`(${attempts.createdAt}, ${attempts.id}) > (${q.cursor.createdAt}::timestamptz, ${q.cursor.id}::uuid)`
          : sql`(${attempts.createdAt}, ${attempts.id}) < (${q.cursor.createdAt}::timestamptz, ${q.cursor.id}::uuid)`
        : undefined;
      const from = <T extends PgSelect>(query: T) =>
        query
          .innerJoin(users, eq(users.id, attempts.userId))
          .leftJoin(discussionMessages, eq(discussionMessages.attemptId, attempts.id))
          .leftJoin(chatMessages, eq(chatMessages.attemptId, attempts.id));
      const rows = await from(
        db
          .select({
            cursorTime: CURSOR_TIME,
            createdAt: attempts.createdAt,
            userId: attempts.userId,
            ...authorColumns,
            discussionMessageId: discussionMessages.id,
            thinkTank: discussionMessages.thinkTank,
            topicSlug: discussionMessages.topicSlug,
            lessonSlug: discussionMessages.lessonSlug,
            chatMessageId: chatMessages.id,
            ...attemptColumns,
          })
          .from(attempts)
          .$dynamic(),
      )
        .leftJoin(recordings, joinAttempt.recordings)
        .where(and(shown, oldestFirst ? not(replied) : replied, after))
        .orderBy(
          ...(oldestFirst
            ? [asc(attempts.createdAt), asc(attempts.id)]
            : [desc(attempts.createdAt), desc(attempts.id)]),
        )
        .limit(q.limit + 1);
      const [count] = await from(
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(attempts)
          .$dynamic(),
      ).where(and(shown, not(replied)));
      const page = rows.slice(0, q.limit).map((r) => ({ ...r, attempt: attemptOf(r)! }));
      const last = rows.length > q.limit ? page.at(-1)! : null;
      return {
        rows: page,
        next: last ? { createdAt: last.cursorTime, id: last.attempt.id } : null,
        awaiting: Number(count?.n ?? 0),
      };
    },

    /**
     * The member's own attempts (My attempts, issue 30): newest first, `limit` after `cursor`, by
     * `attempts_user_idx`; each with where it was posted and its stored first reply (decision 52),
     * the reply's author and text read for this page only; and how many replies are unread in all.
     */
    async mine(userId: string, q: { cursor?: { createdAt: string; id: string }; limit: number }) {
      const replyD = alias(discussionMessages, 'reply_d');
      const replyC = alias(chatMessages, 'reply_c');
      const replier = alias(users, 'replier');
      const rows = await db
        .select({
          cursorTime: CURSOR_TIME,
          createdAt: attempts.createdAt,
          discussionMessageId: discussionMessages.id,
          thinkTank: discussionMessages.thinkTank,
          topicSlug: discussionMessages.topicSlug,
          lessonSlug: discussionMessages.lessonSlug,
          chatMessageId: chatMessages.id,
          repliedAt: attempts.repliedAt,
          replyMessageId: attempts.replyMessageId,
          replyText: sql<string | null>`case when ${replyD.removedAt} is null and ${replyC.removedAt} is null
            then coalesce(${replyD.text}, ${replyC.content}) else '' end`,
          replyType: replyC.messageType,
          replierName: replier.name,
          replierUsername: replier.username,
          replierPicture: replier.profilePicture,
          replierDeleted: replier.deletedAt,
          unread: sql<boolean>`${UNREAD}`,
          ...attemptColumns,
        })
        .from(attempts)
        .leftJoin(discussionMessages, eq(discussionMessages.attemptId, attempts.id))
        .leftJoin(chatMessages, eq(chatMessages.attemptId, attempts.id))
        .leftJoin(replyD, and(isNotNull(discussionMessages.id), eq(replyD.id, attempts.replyMessageId)))
        .leftJoin(replyC, and(isNotNull(chatMessages.id), eq(replyC.id, attempts.replyMessageId)))
        .leftJoin(replier, eq(replier.id, sql`coalesce(${replyD.userId}, ${replyC.userId})`))
        .leftJoin(recordings, joinAttempt.recordings)
        .where(
          and(
            eq(attempts.userId, userId),
            q.cursor
              ? sql`(${attempts.createdAt}, ${attempts.id}) < (${q.cursor.createdAt}::timestamptz, ${q.cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(attempts.createdAt), desc(attempts.id))
        .limit(q.limit + 1);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(attempts)
        .where(and(eq(attempts.userId, userId), UNREAD));
      const page = rows.slice(0, q.limit).map((r) => ({
        ...r,
        unread: Boolean(r.unread),
        attempt: attemptOf(r)!,
      }));
      const last = rows.length > q.limit ? page.at(-1)! : null;
      return {
        rows: page,
        next: last ? { createdAt: last.cursorTime, id: last.attempt.id } : null,
        unread: Number(count?.n ?? 0),
      };
    },

    /** The member opened the reply to their attempt: it is read now. False: no such attempt of theirs. */
    async markSeen(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .update(attempts)
        .set({ replySeenAt: sql`greatest(now(), ${attempts.repliedAt})` })
        .where(and(eq(attempts.id, id), eq(attempts.userId, userId)))
        .returning({ id: attempts.id });
      return rows.length > 0;
    },

    /** The member opened a lesson: the replies to their attempts in its discussion are read. */
    async seenInThread(userId: string, thread: Thread): Promise<number> {
      const rows = await db
        .update(attempts)
        .set({ replySeenAt: sql`greatest(now(), ${attempts.repliedAt})` })
        .where(
          and(
            eq(attempts.userId, userId),
            UNREAD,
            inArray(
              attempts.id,
              db
                .select({ id: sql`${discussionMessages.attemptId}` })
                .from(discussionMessages)
                .where(
                  and(
                    eq(discussionMessages.thinkTank, thread.thinkTank),
                    eq(discussionMessages.topicSlug, thread.topicSlug),
                    eq(discussionMessages.lessonSlug, thread.lessonSlug),
                    eq(discussionMessages.userId, userId),
                    isNotNull(discussionMessages.attemptId),
                  ),
                ),
            ),
          ),
        )
        .returning({ id: attempts.id });
      return rows.length;
    },

    /** How many of the member's attempts have a reply they have not opened. */
    async unreadCount(userId: string): Promise<number> {
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(attempts)
        .where(and(eq(attempts.userId, userId), UNREAD));
      return Number(count?.n ?? 0);
    },

    /**
     * Works the stored reply of these attempts out again from the messages (decision 52): for a reply
     * deleted or removed, the next coach reply standing becomes the first, or the attempt awaits one
     * again. The ids whose reply changed.
     */
    async recomputeReplied(attemptIds: readonly string[], adminEmails: readonly string[]) {
      if (attemptIds.length === 0) return [];
      return setFirstReplies(
        db,
        sql`select id, user_id from ${attempts} where id = any(${`{${attemptIds.join(',')}}`}::uuid[])`,
        adminEmails,
        false,
      );
    },

    /**
     * After messages were deleted or removed (decision 53), by id, in lesson discussions and in the
     * chat (before or after they went): the attempts they were the stored reply of are worked out
     * again. Call it with the ids of every message taken away; the ids whose reply changed.
     */
    async repliesRemoved(
      removed: { discussion?: readonly number[]; chat?: readonly number[] },
      adminEmails: readonly string[],
    ) {
      const discussion = removed.discussion ?? [];
      const chat = removed.chat ?? [];
      if (discussion.length === 0 && chat.length === 0) return [];
      const ids = (list: readonly number[]) => `{${list.map((n) => Math.trunc(n)).join(',')}}`;
      return setFirstReplies(
        db,
        sql`select a.id, a.user_id from ${attempts} a
            where a.reply_message_id = any(${ids(discussion)}::bigint[])
              and exists (select 1 from ${discussionMessages} am where am.attempt_id = a.id)
            union
            select a.id, a.user_id from ${attempts} a
            where a.reply_message_id = any(${ids(chat)}::bigint[])
              and exists (select 1 from ${chatMessages} cm where cm.attempt_id = a.id)`,
        adminEmails,
        false,
      );
    },

    /**
     * At start-up: attempts awaiting a reply that one of the admins named in ADMIN_EMAILS gave (the
     * migration's backfill knew only is_admin) are marked answered; a pass over the awaiting ones.
     */
    async backfillReplied(adminEmails: readonly string[]) {
      return setFirstReplies(
        db,
        sql`select id, user_id from ${attempts} where replied_at is null`,
        adminEmails,
        true,
      );
    },
  };
}

export type AttemptsRepository = ReturnType<typeof attemptsRepository>;
