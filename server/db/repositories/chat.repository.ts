import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { authorColumns } from './users.repository';
import { mentionedMembersOf, mentionsList, uuidArray, type MentionedRecord } from './mentions.repository';
import {
  attemptColumns,
  attemptOf,
  answeredInChat,
  attemptValues,
  ATTEMPT_INSERT_COLUMNS,
  joinAttempt,
  POSTED_COLUMNS,
  postedAs,
  type AttemptRecord,
  type NewAttempt,
} from './attempts.repository';
import { attempts, chatMessages, media, recordings, users, type ChatMessageRow } from '../schema';

/** The transaction-level advisory lock that orders the room's inserts (a constant of its own). */
const ROOM_LOCK_KEY = 36_0037; // the migration lock is 36_0036 (client.ts)

/** A message with what the room shows of its sender. */
export type ChatMessageRecord = {
  id: number;
  userId: string;
  content: string;
  messageType: ChatMessageRow['messageType'];
  createdAt: Date;
  name: string;
  username: string;
  profilePicture: string | null;
  /** The attempt an 'attempt' message posts (issue 18); null otherwise. */
  attempt: AttemptRecord | null;
  /** The message this one replies to (issue 30); null or absent when none. */
  replyToId?: number | null;
  /** When its author last edited it (decision 53); null or absent: never. */
  editedAt?: Date | null;
  /** The members its text mentions (decision 57); absent or empty: none. */
  mentions?: MentionedRecord[];
};

/** A message as its edit or deletion reads it (decision 53): whose it is, what kind, whether it stands. */
export type ChatMessageFacts = {
  id: number;
  userId: string;
  username: string;
  content: string;
  messageType: ChatMessageRow['messageType'];
  attemptId: string | null;
  removedAt: Date | null;
  /** The ids of the members it mentions (decision 57). */
  mentions: string[];
};

/** A message a coach removed, as its author alone sees it (decision 53). */
export type RemovedChatMessage = ChatMessageRecord & { removalReason: string | null };

/** Messages that stand: a coach's removal leaves a tombstone that only its author is shown. */
const standing = isNull(chatMessages.removedAt);

/** Drizzle queries on chat messages only. */
export function chatRepository(db: Db) {
  const select = () =>
    db
      .select({
        id: chatMessages.id,
        userId: chatMessages.userId,
        content: chatMessages.content,
        messageType: chatMessages.messageType,
        createdAt: chatMessages.createdAt,
        replyToId: chatMessages.replyToId,
        editedAt: chatMessages.editedAt,
        removalReason: chatMessages.removalReason,
        mentioned: mentionedMembersOf(chatMessages.mentions),
        ...authorColumns,
        ...attemptColumns,
      })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.userId))
      .leftJoin(attempts, joinAttempt.attempts(chatMessages.attemptId))
      .leftJoin(recordings, joinAttempt.recordings)
      .$dynamic();
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const record = (r: Row): ChatMessageRecord => ({
    id: r.id,
    userId: r.userId,
    content: r.content,
    messageType: r.messageType,
    createdAt: r.createdAt,
    name: r.name,
    username: r.username,
    profilePicture: r.profilePicture,
    attempt: attemptOf(r),
    replyToId: r.replyToId,
    editedAt: r.editedAt,
    mentions: mentionsList(r.mentioned),
  });

  return {
    /** Whether the room holds a message with this id. */
    async exists(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, id), standing))
        .limit(1);
      return row !== undefined;
    },
    /** The newest `limit` messages, oldest first. */
    async newest(limit: number): Promise<ChatMessageRecord[]> {
      return (await select().where(standing).orderBy(desc(chatMessages.id)).limit(limit))
        .reverse()
        .map(record);
    },
    /** Messages after `id`, oldest first. */
    async after(id: number, limit: number): Promise<ChatMessageRecord[]> {
      return (
        await select()
          .where(and(gt(chatMessages.id, id), standing))
          .orderBy(asc(chatMessages.id))
          .limit(limit)
      ).map(record);
    },
    /** The `limit` messages before `id`, oldest first. */
    async before(id: number, limit: number): Promise<ChatMessageRecord[]> {
      return (
        await select()
          .where(and(lt(chatMessages.id, id), standing))
          .orderBy(desc(chatMessages.id))
          .limit(limit)
      )
        .reverse()
        .map(record);
    },
    /** The standing messages with these ids (an edit's new state), oldest first. */
    async byIds(ids: readonly number[]): Promise<ChatMessageRecord[]> {
      if (ids.length === 0) return [];
      return (
        await select()
          .where(and(inArray(chatMessages.id, [...ids]), standing))
          .orderBy(asc(chatMessages.id))
      ).map(record);
    },
    /** What an edit or a deletion needs to know of a message, removed or not; null when there is none. */
    async facts(id: number): Promise<ChatMessageFacts | null> {
      const [row] = await db
        .select({
          id: chatMessages.id,
          userId: chatMessages.userId,
          username: users.username,
          content: chatMessages.content,
          messageType: chatMessages.messageType,
          attemptId: chatMessages.attemptId,
          removedAt: chatMessages.removedAt,
          mentions: chatMessages.mentions,
        })
        .from(chatMessages)
        .innerJoin(users, eq(users.id, chatMessages.userId))
        .where(eq(chatMessages.id, id))
        .limit(1);
      return row ?? null;
    },
    /**
     * Sets a standing message's content, the members it mentions (decision 57) and `edited_at`; false
     * when it is gone or removed.
     */
    async edit(id: number, content: string, mentions: readonly string[] = []): Promise<boolean> {
      const rows = await db
        .update(chatMessages)
        .set({ content, mentions: [...mentions], editedAt: sql`now()` })
        .where(and(eq(chatMessages.id, id), standing))
        .returning({ id: chatMessages.id });
      return rows.length > 0;
    },
    /** Deletes a message (its author's deletion); false when it was gone. */
    async delete(id: number): Promise<boolean> {
      const rows = await db
        .delete(chatMessages)
        .where(eq(chatMessages.id, id))
        .returning({ id: chatMessages.id });
      return rows.length > 0;
    },
    /**
     * A coach's removal (decision 53): the row stays as a tombstone that only its author is shown,
     * with who removed it and why. False when it was gone or removed already. `tx`: the caller's
     * transaction (the audit entry commits with it).
     */
    async tombstone(id: number, by: string, reason: string | null, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(chatMessages)
        .set({ removedAt: sql`now()`, removedBy: by, removalReason: reason })
        .where(and(eq(chatMessages.id, id), standing))
        .returning({ id: chatMessages.id });
      return rows.length > 0;
    },
    /** A member's messages that coaches removed (their tombstones), oldest first, the newest `limit`. */
    async removedOf(userId: string, limit: number): Promise<RemovedChatMessage[]> {
      const rows = await select()
        .where(and(eq(chatMessages.userId, userId), isNotNull(chatMessages.removedAt)))
        .orderBy(desc(chatMessages.id))
        .limit(limit);
      return rows.reverse().map((r) => ({ ...record(r), removalReason: r.removalReason }));
    },
    /**
     * Whether a stored file is still used by anything but the message `exceptId`: another standing
     * chat message that shows it, an attempt's frame or clip (then it stays when the message goes).
     */
    async mediaUsedElsewhere(url: string, mediaId: string, exceptId: number): Promise<boolean> {
      const [other] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.content, url), ne(chatMessages.id, exceptId), standing))
        .limit(1);
      if (other) return true;
      const [attempt] = await db
        .select({ id: attempts.id })
        .from(attempts)
        .where(or(eq(attempts.imageMediaId, mediaId), eq(attempts.clipMediaId, mediaId)))
        .limit(1);
      if (attempt) return true;
      const [row] = await db.select({ id: media.id }).from(media).where(eq(media.id, mediaId)).limit(1);
      return row === undefined; // already gone: nothing to remove
    },
    /**
     * Stores a message. Its statement first takes the room's lock, so messages take their ids and
     * commit one after the other: a message is visible only after every lower id is committed or
     * gone for good. Readers rely on that (chat.feed.ts): reading after the last id they have,
     * they never miss a message that commits late, and every stream gets the room in id order.
     * (Concurrent inserts on PostgreSQL would otherwise commit in any order.) One statement, so
     * the lock is held only while PostgreSQL runs and commits it, never across a round trip to a
     * server process whose event loop may be busy: the materialized CTE takes the lock before the
     * row, and its id, exist.
     */
    async insert(row: {
      userId: string;
      content: string;
      messageType: ChatMessageRecord['messageType'];
      replyToId?: number;
      /** A coach's reply answers the attempt it replies to, in this statement (decision 52). */
      coach?: boolean;
      /** The ids of the members its text mentions (decision 57). */
      mentions?: readonly string[];
    }) {
      const answers = row.coach === true && row.replyToId !== undefined;
      const result = (await db.execute(sql`
        with room_lock as materialized (select pg_advisory_xact_lock(${ROOM_LOCK_KEY})),
        m as (
          insert into ${chatMessages} (user_id, content, message_type, reply_to_id, mentions)
          select ${row.userId}::uuid, ${row.content}::text, ${row.messageType}::text,
                 ${row.replyToId ?? null}::bigint, ${uuidArray(row.mentions ?? [])} from room_lock
          returning id, created_at
        )
        ${answers ? sql`, ${answeredInChat(row.replyToId!, row.userId)}` : sql``}
        select id, (extract(epoch from created_at) * 1000)::float8 as created_ms from m`)) as unknown as {
        rows: Array<{ id: number | string; created_ms: number }>;
      };
      const created = result.rows[0]!;
      return { id: Number(created.id), createdAt: new Date(created.created_ms) };
    },
    /**
     * Stores an attempt and the 'attempt' message that posts it (its caption as the content), in one
     * statement that takes the room's lock first, as `insert` does.
     */
    async insertAttempt(a: NewAttempt) {
      return postedAs(
        await db.execute(sql`
          with room_lock as materialized (select pg_advisory_xact_lock(${ROOM_LOCK_KEY})),
          a as (
            insert into ${attempts} ${ATTEMPT_INSERT_COLUMNS} ${attemptValues(a)} from room_lock
            returning id, frame_seconds
          ),
          m as (
            insert into ${chatMessages} (user_id, content, message_type, attempt_id, mentions)
            select ${a.userId}::uuid, ${a.caption}::text, 'attempt', a.id, ${uuidArray(a.mentions ?? [])} from a
            returning id, attempt_id, created_at
          )
          ${POSTED_COLUMNS}`),
      );
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
