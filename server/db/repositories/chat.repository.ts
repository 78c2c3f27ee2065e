import { asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { authorColumns } from './users.repository';
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
import { attempts, chatMessages, recordings, users, type ChatMessageRow } from '../schema';

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
};

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
  });

  return {
    /** Whether the room holds a message with this id. */
    async exists(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(eq(chatMessages.id, id))
        .limit(1);
      return row !== undefined;
    },
    /** The newest `limit` messages, oldest first. */
    async newest(limit: number): Promise<ChatMessageRecord[]> {
      return (await select().orderBy(desc(chatMessages.id)).limit(limit)).reverse().map(record);
    },
    /** Messages after `id`, oldest first. */
    async after(id: number, limit: number): Promise<ChatMessageRecord[]> {
      return (await select().where(gt(chatMessages.id, id)).orderBy(asc(chatMessages.id)).limit(limit)).map(
        record,
      );
    },
    /** The `limit` messages before `id`, oldest first. */
    async before(id: number, limit: number): Promise<ChatMessageRecord[]> {
      return (await select().where(lt(chatMessages.id, id)).orderBy(desc(chatMessages.id)).limit(limit))
        .reverse()
        .map(record);
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
    }) {
      const answers = row.coach === true && row.replyToId !== undefined;
      const result = (await db.execute(sql`
        with room_lock as materialized (select pg_advisory_xact_lock(${ROOM_LOCK_KEY})),
        m as (
          insert into ${chatMessages} (user_id, content, message_type, reply_to_id)
          select ${row.userId}::uuid, ${row.content}::text, ${row.messageType}::text,
                 ${row.replyToId ?? null}::bigint from room_lock
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
            insert into ${chatMessages} (user_id, content, message_type, attempt_id)
            select ${a.userId}::uuid, ${a.caption}::text, 'attempt', a.id from a
            returning id, attempt_id, created_at
          )
          ${POSTED_COLUMNS}`),
      );
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
