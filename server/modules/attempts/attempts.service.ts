import type { NotificationProducers } from '../../notifications/producers';
import type {
  AttemptReviewItem,
  AttemptsReviewQuery,
  AttemptsReviewResponse,
  MyAttemptsQuery,
  MyAttemptsResponse,
  AttemptTarget,
  PostAttemptBody,
} from '../../../common/contracts/attempts';
import type { PostAttemptResponse } from '../../../common/contracts/attempt-posts';
import {
  AREA_TITLES,
  findLesson,
  isDiscussionThread,
  isThinkTank,
  lessonHeading,
} from '../../../common/curriculum';
import { mediaIdFromUrl } from '../../../common/media-url';
import { excerptOf as mentionExcerptOf, mentionedHandles } from '../../../common/mentions';
import type { NotificationTarget } from '../../../common/contracts/notifications';
import type { MentionTarget } from '../../db/repositories/mentions.repository';
import type {
  AttemptRecord,
  AttemptsRepository,
  NewAttempt,
  Thread,
} from '../../db/repositories/attempts.repository';
import type { ChatMessageRecord, ChatRepository } from '../../db/repositories/chat.repository';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import type { RateEventStore } from '../../lib/rate-event-store';
import { AppError } from '../../lib/errors';
import { authorize } from '../../policies';
import { chatPostLimiter, discussionPostLimiter } from '../../lib/post-limits';
import { familyOf, type MediaFamily } from '../../lib/sniff';
import { presentAttempt } from '../../presenters/attempt.presenter';
import { authoredChatRecord, presentChatMessage } from '../../presenters/chat.presenter';
import { presentDiscussionMessage } from '../../presenters/discussion.presenter';
import type { MediaStore } from '../../storage/media-store';
import type { ProgressChanges } from '../../storage/progress-cache';
import type { Actor } from '../../storage/session-store';

type Deps = {
  repo: AttemptsRepository;
  chatRepo: Pick<ChatRepository, 'insertAttempt'>;
  /** The community room's feed (chat.feed.ts): stores a message and sends it live; takes deleted ones off. */
  feed: {
    publish(store: () => Promise<ChatMessageRecord>): Promise<ChatMessageRecord>;
    removed(ids: readonly number[]): Promise<void>;
  };
  media: Pick<MediaStore, 'find' | 'remove'>;
  /** Where posts are counted: an attempt counts as a post to its thread (server/lib/post-limits.ts). */
  limits: RateEventStore;
  adminEmails: ReadonlySet<string>;
  /** A coach's attempt or a deleted one changes members' unread marks (server/storage/progress-cache.ts). */
  progress: ProgressChanges;
  log: { warn(obj: object, msg: string): void };
  /**
   * A coach removing someone else's attempt (decision 53): its messages become its author's tombstones
   * and the audit keeps its caption, before it is deleted (server/audit/attempt-removal.ts).
   */
  removal?: (
    actor: Actor,
    attemptId: string,
    reason: string | null,
  ) => Promise<{ chat: number[]; discussion: number[] }>;
  /** Tells coaches of a new attempt, its author of a coach's reply or removal (decision 56). */
  produce?: Pick<NotificationProducers, 'attemptPosted' | 'coachPosted' | 'attemptRemoved'>;
  /** The members a caption's handles name who may be mentioned (decision 57). */
  mentionTargets?: (handles: readonly string[]) => Promise<MentionTarget[]>;
  /** Makes notifications (`ctx.notifications.create`, decision 56): the caption's mentions. */
  notify?: (
    items: {
      userId: string;
      kind: 'mention';
      actorId: string;
      target: NotificationTarget;
      source: string;
      excerpt: string | null;
    }[],
  ) => Promise<unknown>;
  /** Drills (decision 81): an attempt to a lesson completes the member's open ones; a deleted one reopens them. */
  drills?: {
    attemptPosted(userId: string, thread: Thread, attemptId: string): Promise<void>;
    attemptsDeleted(userId?: string): Promise<void>;
  };
};

/** A review list cursor ('<time>_<id>', checked by the contract's pattern) as its parts. */
function parseCursor(cursor: string): { createdAt: string; id: string } {
  const at = cursor.indexOf('_');
  return { createdAt: cursor.slice(0, at), id: cursor.slice(at + 1) };
}

/** A reply's first words for My attempts: one line, at most 140 characters. */
function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 140 ? line : `${line.slice(0, 139).trimEnd()}…`;
}

/** '203 · Systems Theory', or the area's name for a single-page area's discussion. */
function threadTitle(thinkTank: string, topic: string, lesson: string): string {
  const found = findLesson(thinkTank, topic, lesson);
  if (found) return lessonHeading(found);
  return isThinkTank(thinkTank) ? AREA_TITLES[thinkTank] : `${thinkTank}/${topic}/${lesson}`;
}

/** Where an attempt was posted, as the inbox and My attempts name it; null: the community chat. */
function lessonOf(r: { thinkTank: string | null; topicSlug: string | null; lessonSlug: string | null }) {
  if (r.thinkTank === null || r.topicSlug === null || r.lessonSlug === null) return null;
  return {
    id: `${r.thinkTank}/${r.topicSlug}/${r.lessonSlug}`,
    thinkTank: r.thinkTank,
    topic: r.topicSlug,
    lesson: r.lessonSlug,
    title: threadTitle(r.thinkTank, r.topicSlug, r.lessonSlug),
  };
}

const ALREADY_POSTED = 'This file was already posted in another attempt: upload it again to post it again';

/**
 * Attempts posted back (issue 18, docs/decisions.md decision 38): an annotated frame, its clip, or a
 * voiceover, with a caption, as one message in a lesson discussion or the community chat; deleted by
 * their author or an admin with their files; listed for the coaches' review.
 */
export function attemptsService({
  repo,
  chatRepo,
  feed,
  media,
  limits,
  adminEmails,
  progress,
  log,
  removal,
  produce,
  drills,
  mentionTargets,
  notify,
}: Deps) {
  const chatLimiter = chatPostLimiter(limits);
  const discussionLimiter = discussionPostLimiter(limits);

  /** The id of the member's own upload (POST /api/upload) of `family` at `url`, not posted before. */
  async function ownUpload(
    actor: Actor,
    url: string | undefined,
    family: MediaFamily,
    field: string,
  ): Promise<string | null> {
    if (url === undefined) return null;
    const id = mediaIdFromUrl(url);
    const row = id ? await media.find(id) : null;
    if (!row || row.kind !== 'chat' || row.ownerId !== actor.user.id) {
      throw new AppError(
        'bad_request',
        `${field} must be the URL of a file you uploaded with POST /api/upload`,
      );
    }
    if (familyOf(row.contentType) !== family) {
      throw new AppError('bad_request', `${field} must be ${family === 'image' ? 'an image' : 'a video'}`);
    }
    if (await repo.mediaPosted(row.id)) throw new AppError('bad_request', `${field}: ${ALREADY_POSTED}`);
    return row.id;
  }

  /** Removes files, logging (not failing on) one the store could not delete. */
  async function removeFiles(ids: string[]) {
    for (const id of ids) {
      await media
        .remove(id)
        .catch((err: unknown) => log.warn({ err, id }, 'an attempt’s file could not be removed'));
    }
  }

  /** Stores the attempt and its message; a file taken meanwhile (or gone) is a 400, never a 500. */
  async function storing<T>(store: () => Promise<T>): Promise<T> {
    try {
      return await store();
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('bad_request', ALREADY_POSTED);
      if (isForeignKeyViolation(err)) {
        throw new AppError('bad_request', 'A file or voiceover of this attempt was deleted meanwhile');
      }
      throw err;
    }
  }

  /** The members a caption mentions (decision 57): as a text message's, resolved once. */
  async function mentionsIn(caption: string): Promise<MentionTarget[]> {
    const handles = mentionedHandles(caption);
    return handles.length === 0 || !mentionTargets ? [] : mentionTargets(handles);
  }

  /** Tells the members a posted caption mentions, as a text message's mention (decision 57). */
  async function notifyMentioned(
    author: string,
    caption: string,
    mentioned: readonly MentionTarget[],
    target: NotificationTarget,
    source: string,
  ) {
    if (mentioned.length === 0 || !notify) return;
    const excerpt = mentionExcerptOf(caption);
    await notify(
      mentioned.map((m) => ({ userId: m.id, kind: 'mention', actorId: author, target, source, excerpt })),
    ).catch((err: unknown) => log.warn({ err, source }, 'mention notifications failed'));
  }

  return {
    async post(actor: Actor, body: PostAttemptBody): Promise<PostAttemptResponse> {
      const target: AttemptTarget = body.target;
      const thread: Thread | null =
        target.kind === 'lesson'
          ? { thinkTank: target.thinkTank, topicSlug: target.topic, lessonSlug: target.lesson }
          : null;
      if (thread && !isDiscussionThread(thread.thinkTank, thread.topicSlug, thread.lessonSlug)) {
        throw new AppError('not_found', 'Lesson not found');
      }
      if (body.clipUrl !== undefined && body.imageUrl === undefined) {
        throw new AppError('bad_request', 'clipUrl can only be posted with its frame (imageUrl)');
      }
      if (body.imageUrl === undefined && body.recordingId === undefined) {
        throw new AppError('bad_request', 'An attempt needs a frame (imageUrl) or a voiceover (recordingId)');
      }
      const imageMediaId = await ownUpload(actor, body.imageUrl, 'image', 'imageUrl');
      const clipMediaId = await ownUpload(actor, body.clipUrl, 'video', 'clipUrl');
      const recording = body.recordingId ? await repo.ownRecording(body.recordingId, actor.user.id) : null;
      if (body.recordingId && !recording) {
        throw new AppError('bad_request', 'recordingId must be one of your own voiceovers');
      }
      await (thread ? discussionLimiter : chatLimiter).hit(actor.user.id);
      const mentioned = await mentionsIn(body.caption);
      const mentions = mentioned.map((m) => ({ username: m.username, name: m.name }));

      const input: NewAttempt = {
        userId: actor.user.id,
        imageMediaId,
        clipMediaId,
        recordingId: recording?.id ?? null,
        caption: body.caption,
        angles: body.angles,
        frameSeconds: body.frameSeconds ?? null,
        mentions: mentioned.map((m) => m.id),
      };
      const attemptOf = (created: { attemptId: string; frameSeconds: number | null }): AttemptRecord => ({
        id: created.attemptId,
        caption: input.caption,
        imageMediaId,
        clipMediaId,
        angles: input.angles,
        frameSeconds: created.frameSeconds,
        voiceover: recording,
      });
      const author = {
        name: actor.user.name,
        username: actor.user.username,
        profilePicture: actor.user.profilePicture,
      };

      if (!thread) {
        let attemptId = '';
        const record = await storing(() =>
          feed.publish(async () => {
            const created = await chatRepo.insertAttempt(input);
            attemptId = created.attemptId;
            return authoredChatRecord(
              created,
              { content: input.caption, messageType: 'attempt', attempt: attemptOf(created), mentions },
              actor.user,
            );
          }),
        );
        await produce?.attemptPosted(
          actor,
          { id: attemptId, caption: input.caption },
          { kind: 'chat', messageId: record.id },
        );
        await notifyMentioned(
          actor.user.id,
          input.caption,
          mentioned,
          { type: 'chat', messageId: record.id },
          `chat-${record.id}`,
        );
        return { target, chatMessage: presentChatMessage(record), discussionMessage: null };
      }
      // A coach's attempt answers the thread's earlier ones, as any coach's message there (decision 52).
      const created = await storing(() => repo.postToDiscussion(thread, input, actor.isAdmin));
      await drills?.attemptPosted(actor.user.id, thread, created.attemptId);
      // A coach's own attempt is a coach's post in the thread (the unread mark, decision 36).
      if (actor.isAdmin) await progress.changed(null);
      const lesson = { thinkTank: thread.thinkTank, topic: thread.topicSlug, lesson: thread.lessonSlug };
      await produce?.attemptPosted(
        actor,
        { id: created.attemptId, caption: input.caption },
        { kind: 'lesson', messageId: created.id, ...lesson },
      );
      await produce?.coachPosted(actor, { kind: 'lesson', id: created.id, text: input.caption, ...lesson });
      await notifyMentioned(
        actor.user.id,
        input.caption,
        mentioned,
        { type: 'discussion', ...lesson, messageId: created.id, videoSeconds: null },
        `discussion-${created.id}`,
      );
      return {
        target,
        chatMessage: null,
        discussionMessage: presentDiscussionMessage({
          id: created.id,
          text: input.caption,
          createdAt: created.createdAt,
          ...author,
          videoSeconds: null,
          attempt: attemptOf(created),
          ...(mentions.length > 0 ? { mentions } : {}),
        }),
      };
    },

    /**
     * Deletes an attempt, by its author or an admin: its message, its frame's and clip's files, and
     * in the chat the message on every live client. The voiceover stays on its owner's calendar.
     */
    async remove(actor: Actor, id: string, reason?: string): Promise<void> {
      const found = await repo.find(id);
      if (!found) throw new AppError('not_found', 'Attempt not found');
      authorize(actor, 'attempt.delete', found);
      // A coach's removal of someone else's leaves its author tombstones, and the audit an entry (decision 53).
      const removed =
        found.userId !== actor.user.id && removal ? await removal(actor, id, reason ?? null) : null;
      const deleted = await repo.delete(id);
      if (!deleted) throw new AppError('not_found', 'Attempt not found');
      await drills?.attemptsDeleted(found.userId);
      const chatIds = [...deleted.chatMessageIds, ...(removed?.chat ?? [])];
      if (chatIds.length > 0) await feed.removed(chatIds);
      if (removed) await repo.repliesRemoved(removed, [...adminEmails]);
      if (removed) await produce?.attemptRemoved(actor, removed, reason);
      await progress.changed(null);
      await removeFiles(deleted.mediaIds);
    },

    /** Deletes the attempts of a lesson discussion being cleared, and their files. */
    async removeInThread(thread: Thread): Promise<void> {
      const files = await repo.deleteInThread(thread);
      await drills?.attemptsDeleted();
      await removeFiles(files);
    },

    /** The coaches' review list (admins): attempts posted to lessons, newest first, 50 a page. */
    async review(
      actor: Actor,
      query: { thinkTank?: string; topic?: string; lesson?: string; before?: Date },
    ): Promise<AttemptReviewItem[]> {
      authorize(actor, 'attempts.review');
      const rows = await repo.review(query, [...adminEmails]);
      return rows.map((r) => ({
        attempt: presentAttempt(r.attempt)!,
        messageId: r.messageId,
        thinkTank: r.thinkTank,
        topic: r.topicSlug,
        lesson: r.lessonSlug,
        createdAt: r.createdAt.toISOString(),
        user: { name: r.name, username: r.username, profilePicture: r.profilePicture },
        replied: r.replied,
      }));
    },

    /**
     * The coaches' inbox (issue 30, admins): attempts of members awaiting a coach's reply, oldest
     * first, or those replied to, newest first, across lessons and the chat; a page after `cursor`.
     */
    async inbox(actor: Actor, query: AttemptsReviewQuery): Promise<AttemptsReviewResponse> {
      authorize(actor, 'attempts.review');
      const cursor = query.cursor ? parseCursor(query.cursor) : undefined;
      const page = await repo.inbox({ status: query.status, cursor, limit: query.limit }, [...adminEmails]);
      return {
        items: page.rows.map((r) => ({
          attempt: presentAttempt(r.attempt)!,
          member: { id: r.userId, username: r.username, name: r.name, profilePicture: r.profilePicture },
          lesson: lessonOf(r),
          messageId: (r.discussionMessageId ?? r.chatMessageId)!,
          createdAt: r.createdAt.toISOString(),
        })),
        nextCursor: page.next ? `${page.next.createdAt}_${page.next.id}` : null,
        awaiting: page.awaiting,
      };
    },

    /**
     * My attempts (issue 30 part 4, decision 52): the member's own attempts, newest first, each with
     * its stored status, the coach's first reply and whether it is unread; how many are unread.
     */
    async mine(actor: Actor, query: MyAttemptsQuery): Promise<MyAttemptsResponse> {
      const cursor = query.cursor ? parseCursor(query.cursor) : undefined;
      const page = await repo.mine(actor.user.id, { cursor, limit: query.limit });
      return {
        items: page.rows.map((r) => ({
          attempt: presentAttempt(r.attempt)!,
          lesson: lessonOf(r),
          messageId: (r.discussionMessageId ?? r.chatMessageId)!,
          createdAt: r.createdAt.toISOString(),
          status: r.repliedAt === null ? ('awaiting' as const) : ('replied' as const),
          reply:
            r.repliedAt === null || r.replyMessageId === null
              ? null
              : {
                  user: {
                    name: r.replierDeleted ? 'Deleted member' : (r.replierName ?? 'Coach'),
                    username: r.replierDeleted ? '' : (r.replierUsername ?? ''),
                    profilePicture: r.replierDeleted ? null : (r.replierPicture ?? null),
                  },
                  excerpt: excerptOf(
                    r.replyType && r.replyType !== 'text' && r.replyType !== 'attempt'
                      ? `(${r.replyType})`
                      : (r.replyText ?? ''),
                  ),
                  createdAt: r.repliedAt.toISOString(),
                  messageId: r.replyMessageId,
                },
          unread: r.unread,
        })),
        nextCursor: page.next ? `${page.next.createdAt}_${page.next.id}` : null,
        unread: page.unread,
      };
    },

    /**
     * The member opened the reply to their attempt (from My attempts): it is read. Another member's
     * attempt is refused as deleting it is (403); no such attempt, 404.
     */
    async seen(actor: Actor, id: string): Promise<{ unread: number }> {
      const found = await repo.find(id);
      if (!found) throw new AppError('not_found', 'Attempt not found');
      if (found.userId !== actor.user.id) {
        throw new AppError('forbidden', 'Only its author can mark the reply to an attempt read');
      }
      await repo.markSeen(id, actor.user.id);
      return { unread: await repo.unreadCount(actor.user.id) };
    },

    /** The member opened a lesson: the replies to their attempts in its discussion are read. */
    async seenInThread(actor: Actor, thread: Thread): Promise<void> {
      await repo.seenInThread(actor.user.id, thread);
    },

    /**
     * After messages were deleted or removed (decision 53), by id: the attempts they were the first
     * coach reply to are worked out again (the next reply standing, or awaiting one again).
     */
    async repliesRemoved(removed: { discussion?: readonly number[]; chat?: readonly number[] }) {
      return repo.repliesRemoved(removed, [...adminEmails]);
    },

    /**
     * At start-up: replies given by admins named only in ADMIN_EMAILS, which the migration's
     * backfill could not know, are stored (decision 52). Nothing to do without ADMIN_EMAILS.
     */
    async backfillReplied(): Promise<number> {
      if (adminEmails.size === 0) return 0;
      return (await repo.backfillReplied([...adminEmails])).length;
    },
  };
}

export type AttemptsService = ReturnType<typeof attemptsService>;
