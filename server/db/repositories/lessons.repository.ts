import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { authorColumns } from './users.repository';
import { mentionedMembersOf, mentionsList, uuidArray, type MentionedRecord } from './mentions.repository';
import { alias } from 'drizzle-orm/pg-core';
import {
  answeredInThread,
  attemptColumns,
  attemptOf,
  joinAttempt,
  type AttemptRecord,
} from './attempts.repository';
import { attempts, discussionMessages, lessonVideos, recordings, users, videoUploads } from '../schema';

export type Slot = { thinkTank: string; topicSlug: string; lessonSlug: string };

/** A discussion message with what the thread shows of its author, and the attempt it posts (issue 18). */
export type DiscussionMessageRecord = {
  id: number;
  text: string;
  createdAt: Date;
  name: string;
  username: string;
  profilePicture: string | null;
  videoSeconds: number | null;
  attempt: AttemptRecord | null;
  /** When its author last edited it (decision 53); null or absent: never. */
  editedAt?: Date | null;
  /** Only in its author's view: a coach removed it (decision 53), with this reason (null: none given). */
  removed?: { reason: string | null } | null;
  /** Its author's id, for the viewer's blocks (decision 55); never sent. */
  authorId?: string;
  /** The members its text mentions (decision 57); absent or empty: none. */
  mentions?: MentionedRecord[];
  /**
   * The standing message of the thread it replies to (decision 57), its author's id (for the viewer's
   * blocks), name and handle, and its text; null or absent: none.
   */
  replyTo?: { id: number; authorId: string; name: string; username: string; text: string } | null;
};

/** A discussion message as its edit or deletion reads it (decision 53). */
export type DiscussionMessageFacts = {
  id: number;
  userId: string;
  username: string;
  text: string;
  attemptId: string | null;
  removedAt: Date | null;
  /** The ids of the members it mentions (decision 57). */
  mentions: string[];
  /** What a quote of it shows of its author (decision 57): the name, and the handle ('' when deleted). */
  name: string;
  handle: string;
};

/** The message a discussion message quotes, and its author (decision 57). */
const quoted = alias(discussionMessages, 'quoted');
const quotedAuthor = alias(users, 'quoted_author');

const inSlot = (t: typeof lessonVideos | typeof discussionMessages, s: Slot) =>
  and(eq(t.thinkTank, s.thinkTank), eq(t.topicSlug, s.topicSlug), eq(t.lessonSlug, s.lessonSlug));

/** Drizzle queries on lesson videos and their upload tickets only. */
export function lessonsRepository(db: Db) {
  return {
    async videoOf(slot: Slot) {
      const [row] = await db.select().from(lessonVideos).where(inSlot(lessonVideos, slot)).limit(1);
      return row ?? null;
    },
    /**
     * Sets a slot's video; returns the media ids it replaced, if any: the old video and its captions
     * (which belonged to it).
     */
    async setVideo(
      slot: Slot,
      mediaId: string,
      uploadedBy: string,
      durationSeconds: number | null,
    ): Promise<string[]> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select({ mediaId: lessonVideos.mediaId, captionsMediaId: lessonVideos.captionsMediaId })
          .from(lessonVideos)
          .where(inSlot(lessonVideos, slot))
          .for('update');
        if (old?.mediaId === mediaId) return [];
        await tx
          .insert(lessonVideos)
          .values({ ...slot, mediaId, uploadedBy, durationSeconds })
          .onConflictDoUpdate({
            target: [lessonVideos.thinkTank, lessonVideos.topicSlug, lessonVideos.lessonSlug],
            set: { mediaId, uploadedBy, durationSeconds, captionsMediaId: null, updatedAt: sql`now()` },
          });
        return old ? [old.mediaId, ...(old.captionsMediaId ? [old.captionsMediaId] : [])] : [];
      });
    },
    /** Keeps the length read from the slot's video, if the video is still `mediaId`. */
    async setDuration(slot: Slot, mediaId: string, durationSeconds: number) {
      await db
        .update(lessonVideos)
        .set({ durationSeconds })
        .where(and(inSlot(lessonVideos, slot), eq(lessonVideos.mediaId, mediaId)));
    },
    /**
     * Sets the captions of the slot's video, if it is still `videoMediaId`: the captions it replaced
     * (or null), or false when the video has changed or gone meanwhile.
     */
    async setCaptions(
      slot: Slot,
      videoMediaId: string,
      captionsMediaId: string,
    ): Promise<string | null | false> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ mediaId: lessonVideos.mediaId, captionsMediaId: lessonVideos.captionsMediaId })
          .from(lessonVideos)
          .where(inSlot(lessonVideos, slot))
          .for('update');
        if (!row || row.mediaId !== videoMediaId) return false;
        await tx
          .update(lessonVideos)
          .set({ captionsMediaId, updatedAt: sql`now()` })
          .where(inSlot(lessonVideos, slot));
        return row.captionsMediaId;
      });
    },
    async issueUpload(tokenHash: string, issuedTo: string, expiresAt: Date) {
      await db.insert(videoUploads).values({ tokenHash, issuedTo, expiresAt });
    },
    /** Claims a ticket for its one PUT: null when unknown, expired or already used. */
    async claimUpload(tokenHash: string) {
      const [row] = await db
        .update(videoUploads)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(videoUploads.tokenHash, tokenHash),
            isNull(videoUploads.usedAt),
            gt(videoUploads.expiresAt, sql`now()`),
          ),
        )
        .returning();
      return row ?? null;
    },
    async completeUpload(tokenHash: string, mediaId: string) {
      await db.update(videoUploads).set({ mediaId }).where(eq(videoUploads.tokenHash, tokenHash));
    },
    /** Marks a completed, unregistered ticket as registered; returns its media id, or null. */
    async registerUpload(tokenHash: string): Promise<string | null> {
      const [row] = await db
        .update(videoUploads)
        .set({ registeredAt: sql`now()` })
        .where(
          and(
            eq(videoUploads.tokenHash, tokenHash),
            isNotNull(videoUploads.mediaId),
            isNull(videoUploads.registeredAt),
          ),
        )
        .returning({ mediaId: videoUploads.mediaId });
      return row?.mediaId ?? null;
    },
    /** Tickets uploaded but never registered, older than `before`: their files are orphans. */
    async abandonedUploads(before: Date) {
      return db
        .select({ tokenHash: videoUploads.tokenHash, mediaId: videoUploads.mediaId })
        .from(videoUploads)
        .where(and(isNull(videoUploads.registeredAt), lt(videoUploads.expiresAt, before)));
    },
    async deleteUpload(tokenHash: string) {
      await db.delete(videoUploads).where(eq(videoUploads.tokenHash, tokenHash));
    },
  };
}

/** Drizzle queries on discussion messages only. */
export function discussionsRepository(db: Db) {
  return {
    /**
     * The thread's newest `limit` messages, oldest first: those standing, and the viewer's own that a
     * coach removed (their tombstones, decision 53), which nobody else is shown.
     */
    async list(slot: Slot, limit: number, viewerId?: string): Promise<DiscussionMessageRecord[]> {
      const rows = await db
        .select({
          id: discussionMessages.id,
          text: discussionMessages.text,
          createdAt: discussionMessages.createdAt,
          videoSeconds: discussionMessages.videoSeconds,
          editedAt: discussionMessages.editedAt,
          removedAt: discussionMessages.removedAt,
          removalReason: discussionMessages.removalReason,
          authorId: discussionMessages.userId,
          mentioned: mentionedMembersOf(discussionMessages.mentions),
          quotedId: quoted.id,
          quotedText: quoted.text,
          quotedAuthorId: quoted.userId,
          quotedName: quotedAuthor.name,
          quotedUsername: sql<string>`case when ${quotedAuthor.deletedAt} is null then ${quotedAuthor.username} else '' end`,
          ...authorColumns,
          ...attemptColumns,
        })
        .from(discussionMessages)
        .innerJoin(users, eq(users.id, discussionMessages.userId))
        .leftJoin(attempts, joinAttempt.attempts(discussionMessages.attemptId))
        .leftJoin(recordings, joinAttempt.recordings)
        // The quoted message while it stands (a coach's removal takes the quote away too).
        .leftJoin(quoted, and(eq(quoted.id, discussionMessages.replyToId), isNull(quoted.removedAt)))
        .leftJoin(quotedAuthor, eq(quotedAuthor.id, quoted.userId))
        .where(
          and(
            inSlot(discussionMessages, slot),
            viewerId === undefined
              ? isNull(discussionMessages.removedAt)
              : or(isNull(discussionMessages.removedAt), eq(discussionMessages.userId, viewerId)),
          ),
        )
        .orderBy(desc(discussionMessages.id))
        .limit(limit);
      return rows.reverse().map((r) => ({
        id: r.id,
        authorId: r.authorId,
        text: r.text,
        createdAt: r.createdAt,
        name: r.name,
        username: r.username,
        profilePicture: r.profilePicture,
        videoSeconds: r.videoSeconds,
        attempt: attemptOf(r),
        editedAt: r.editedAt,
        removed: r.removedAt === null ? null : { reason: r.removalReason },
        mentions: mentionsList(r.mentioned),
        replyTo:
          r.quotedId === null || r.quotedAuthorId === null
            ? null
            : {
                id: r.quotedId,
                authorId: r.quotedAuthorId,
                name: r.quotedName ?? '',
                username: r.quotedUsername ?? '',
                text: r.quotedText ?? '',
              },
      }));
    },
    /** What an edit or a deletion needs to know of a message of this thread; null when it has none. */
    async facts(slot: Slot, id: number): Promise<DiscussionMessageFacts | null> {
      const [row] = await db
        .select({
          id: discussionMessages.id,
          userId: discussionMessages.userId,
          username: users.username,
          text: discussionMessages.text,
          attemptId: discussionMessages.attemptId,
          removedAt: discussionMessages.removedAt,
          mentions: discussionMessages.mentions,
          name: authorColumns.name,
          handle: authorColumns.username,
        })
        .from(discussionMessages)
        .innerJoin(users, eq(users.id, discussionMessages.userId))
        .where(and(inSlot(discussionMessages, slot), eq(discussionMessages.id, id)))
        .limit(1);
      return row ?? null;
    },
    /**
     * Sets a standing message's text, the members it mentions (decision 57) and `edited_at`; the time,
     * or null when it is gone or removed.
     */
    async edit(id: number, text: string, mentions: readonly string[] = []): Promise<Date | null> {
      const [row] = await db
        .update(discussionMessages)
        .set({ text, mentions: [...mentions], editedAt: sql`now()` })
        .where(and(eq(discussionMessages.id, id), isNull(discussionMessages.removedAt)))
        .returning({ editedAt: discussionMessages.editedAt });
      return row?.editedAt ?? null;
    },
    /** Deletes a message (its author's deletion); false when it was gone. */
    async delete(id: number): Promise<boolean> {
      const rows = await db
        .delete(discussionMessages)
        .where(eq(discussionMessages.id, id))
        .returning({ id: discussionMessages.id });
      return rows.length > 0;
    },
    /** A coach's removal (decision 53): the row stays as its author's tombstone. `tx`: the caller's transaction. */
    async tombstone(id: number, by: string, reason: string | null, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(discussionMessages)
        .set({ removedAt: sql`now()`, removedBy: by, removalReason: reason })
        .where(and(eq(discussionMessages.id, id), isNull(discussionMessages.removedAt)))
        .returning({ id: discussionMessages.id });
      return rows.length > 0;
    },
    /**
     * Stores a message; a coach's (`coach`) answers the thread's attempts no coach had answered, in
     * the same statement (decision 52). `extra`: the members it mentions and the message it replies
     * to (decision 57).
     */
    async insert(
      slot: Slot,
      userId: string,
      text: string,
      videoSeconds: number | null = null,
      coach = false,
      extra: { mentions?: readonly string[]; replyToId?: number | null } = {},
    ) {
      const mentions = [...(extra.mentions ?? [])];
      const replyToId = extra.replyToId ?? null;
      if (!coach) {
        const [row] = await db
          .insert(discussionMessages)
          .values({ ...slot, userId, text, videoSeconds, mentions, replyToId })
          .returning({ id: discussionMessages.id, createdAt: discussionMessages.createdAt });
        return row!;
      }
      const result = (await db.execute(sql`
        with m as (
          insert into ${discussionMessages}
            (think_tank, topic_slug, lesson_slug, user_id, text, video_seconds, mentions, reply_to_id)
          values (${slot.thinkTank}::text, ${slot.topicSlug}::text, ${slot.lessonSlug}::text,
                  ${userId}::uuid, ${text}::text, ${videoSeconds}::real, ${uuidArray(mentions)},
                  ${replyToId}::bigint)
          returning id, created_at
        ),
        ${answeredInThread(slot, userId)}
        select id, (extract(epoch from created_at) * 1000)::float8 as created_ms from m`)) as unknown as {
        rows: Array<{ id: number | string; created_ms: number }>;
      };
      const row = result.rows[0]!;
      return { id: Number(row.id), createdAt: new Date(row.created_ms) };
    },
    async clear(slot: Slot): Promise<number> {
      const rows = await db
        .delete(discussionMessages)
        .where(inSlot(discussionMessages, slot))
        .returning({ id: discussionMessages.id });
      return rows.length;
    },
  };
}

export type LessonsRepository = ReturnType<typeof lessonsRepository>;
export type DiscussionsRepository = ReturnType<typeof discussionsRepository>;
