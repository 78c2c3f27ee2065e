import { isDiscussionThread, isVideoSlot } from '../../../common/curriculum';
import type { NotificationProducers } from '../../notifications/producers';
import type { DiscussionMessage } from '../../../common/contracts/lessons';
import type {
  DiscussionMessageFacts,
  DiscussionsRepository,
  Slot,
} from '../../db/repositories/lessons.repository';
import type { Db } from '../../db/client';
import type { AuditLog } from '../../audit/audit-log';
import { AppError } from '../../lib/errors';
import { isForeignKeyViolation } from '../../db/errors';
import { authorize } from '../../policies';
import type { RateEventStore } from '../../lib/rate-event-store';
import { discussionPostLimiter } from '../../lib/post-limits';
import type { ProgressChanges } from '../../storage/progress-cache';
import type { Actor } from '../../storage/session-store';
import type { LessonVideoLengths } from '../../storage/video-length';
import { formatMinutes } from '../../../common/text';
import { presentDiscussionMessage, quoteExcerpt } from '../../presenters/discussion.presenter';
import type { Hidden } from '../../storage/block-store';
import { excerptOf, mentionedHandles } from '../../../common/mentions';
import type { MentionTarget } from '../../db/repositories/mentions.repository';
import type { NotificationTarget } from '../../../common/contracts/notifications';

/** A notification to make (`ctx.notifications.create`, decision 56), as this service makes them. */
type Notice = {
  userId: string;
  kind: 'mention' | 'discussion-reply';
  actorId: string | null;
  target: NotificationTarget;
  source: string;
  excerpt: string | null;
};

const HISTORY = 500;
/** A player's last frame may end a little after the length the file states. */
const END_SLACK_SECONDS = 0.25;
const toMillis = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Saved discussions (docs/decisions.md decision 5): members read and post; admins clear a thread. Posts
 * are counted in `limits` (shared by every process on PostgreSQL).
 */
export function discussionsService({
  repo,
  limits,
  videoLengths,
  attempts,
  progress,
  audit,
  transaction,
  removeAttempt,
  repliesRemoved,
  hidden = async () => undefined,
  mentionTargets = async () => [],
  notify = async () => undefined,
  log,
  produce,
}: {
  repo: DiscussionsRepository;
  limits: RateEventStore;
  videoLengths: LessonVideoLengths;
  /** The attempts posted to a thread (issue 18): cleared with it, files and all. */
  attempts: { removeInThread(slot: Slot): Promise<void> };
  /** A coach's post or a cleared thread changes members' unread marks (server/storage/progress-cache.ts). */
  progress: ProgressChanges;
  /** The moderation audit, written in a removal's transaction (decision 53). */
  audit: Pick<AuditLog, 'record'>;
  transaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
  /** Deletes an attempt (an attempt's message deleted), as DELETE /api/attempts/{id} does. */
  removeAttempt: (actor: Actor, attemptId: string, reason?: string) => Promise<void>;
  /** After messages went: the attempts they were a coach's first reply to are worked out again (decision 52). */
  repliesRemoved: (removed: { discussion: readonly number[] }) => Promise<unknown>;
  /** The authors a viewer blocks, left out of the threads they read (decision 55). */
  hidden?: (viewerId: string) => Promise<Hidden | undefined>;
  /** The members handles name who may be mentioned (decision 57). */
  mentionTargets?: (handles: readonly string[]) => Promise<MentionTarget[]>;
  /** Makes notifications (decision 56); never throws for a notification's problem. */
  notify?: (items: Notice[]) => Promise<unknown>;
  log?: { warn(obj: object, msg: string): void };
  /** Tells attempts' authors of a coach's reply, and a member of a coach's removal (decision 56). */
  produce?: Pick<NotificationProducers, 'coachPosted' | 'messageRemoved'>;
}) {
  /** The members a text mentions (decision 57). */
  async function mentionsIn(text: string): Promise<MentionTarget[]> {
    const handles = mentionedHandles(text);
    return handles.length === 0 ? [] : mentionTargets(handles);
  }

  /**
   * Tells the members `text` mentions (`mentioned`), and the author of the message it replies to
   * (`repliedTo`) unless mentioned too: then the mention alone (decision 57).
   */
  async function notifyAbout(
    author: string,
    slot: Slot,
    message: { id: number; text: string; videoSeconds: number | null },
    mentioned: readonly MentionTarget[],
    repliedTo: string | null = null,
  ) {
    const target = {
      type: 'discussion' as const,
      thinkTank: slot.thinkTank,
      topic: slot.topicSlug,
      lesson: slot.lessonSlug,
      messageId: message.id,
      videoSeconds: message.videoSeconds,
    };
    const excerpt = excerptOf(message.text);
    const source = `discussion-${message.id}`;
    const items: Notice[] = mentioned.map((m) => ({
      userId: m.id,
      kind: 'mention',
      actorId: author,
      target,
      source,
      excerpt,
    }));
    if (repliedTo !== null && !mentioned.some((m) => m.id === repliedTo)) {
      items.push({ userId: repliedTo, kind: 'discussion-reply', actorId: author, target, source, excerpt });
    }
    if (items.length === 0) return;
    await notify(items).catch((err: unknown) =>
      log?.warn({ err, id: message.id }, 'discussion notifications failed'),
    );
  }

  /** A message of this thread that stands (not deleted, not removed by a coach), or 404. */
  async function standing(slot: Slot, id: number): Promise<DiscussionMessageFacts> {
    requireThread(slot);
    const found = await repo.facts(slot, id);
    if (!found || found.removedAt !== null) throw new AppError('not_found', 'Message not found');
    return found;
  }
  const limiter = discussionPostLimiter(limits);
  function requireThread(slot: Slot) {
    if (!isDiscussionThread(slot.thinkTank, slot.topicSlug, slot.lessonSlug)) {
      throw new AppError('not_found', 'Discussion not found');
    }
  }
  /**
   * A time in the thread's video (decision 37): refused when there is no video, or past its end when its
   * length is known; kept to the millisecond, and never past the end.
   */
  async function videoTime(slot: Slot, seconds: number): Promise<number> {
    const video = await videoLengths.of(slot);
    if (!video) {
      const what = isVideoSlot(slot.thinkTank, slot.topicSlug, slot.lessonSlug) ? 'lesson' : 'discussion';
      throw new AppError('bad_request', `This ${what} has no video to time: leave out videoSeconds`);
    }
    const end = video.seconds;
    if (end === null) return toMillis(seconds);
    if (seconds > end + END_SLACK_SECONDS) {
      throw new AppError('bad_request', `videoSeconds is past the end of the video (${formatMinutes(end)})`);
    }
    return toMillis(Math.min(seconds, end));
  }
  return {
    /** The thread, with the viewer's own messages that a coach removed (their tombstones, decision 53). */
    async list(actor: Actor, slot: Slot): Promise<DiscussionMessage[]> {
      requireThread(slot);
      const blocked = (await hidden(actor.user.id))?.ids;
      const rows = await repo.list(slot, HISTORY, actor.user.id);
      return (blocked ? rows.filter((r) => !blocked.has(r.authorId ?? '')) : rows).map((r) =>
        presentDiscussionMessage(r, blocked),
      );
    },

    /**
     * Its author edits a message's text (decision 53); an attempt's message is not edited (400). The
     * thread's readers see it at their next poll. The message as it now is.
     */
    async edit(actor: Actor, slot: Slot, id: number, text: string): Promise<DiscussionMessage> {
      const message = await standing(slot, id);
      authorize(actor, 'message.edit', message);
      if (message.attemptId !== null) {
        throw new AppError(
          'bad_request',
          'Only a text message can be edited: delete this one and post it again',
        );
      }
      const mentioned = await mentionsIn(text);
      if (
        (await repo.edit(
          id,
          text,
          mentioned.map((m) => m.id),
        )) === null
      ) {
        throw new AppError('not_found', 'Message not found');
      }
      const found = (await repo.list(slot, HISTORY, actor.user.id)).find((m) => m.id === id);
      if (!found) throw new AppError('not_found', 'Message not found');
      // Only the members the edit adds are told (one notification per member and source anyway).
      const before = new Set(message.mentions);
      await notifyAbout(
        actor.user.id,
        slot,
        { id, text, videoSeconds: found.videoSeconds },
        mentioned.filter((m) => !before.has(m.id)),
      );
      return presentDiscussionMessage(found, (await hidden(actor.user.id))?.ids);
    },

    /**
     * Deletes a message: its author's goes for good; a coach's removal of someone else's leaves its
     * author a tombstone and the audit an entry with its text (decision 53). An attempt's message
     * deletes its attempt.
     */
    async remove(actor: Actor, slot: Slot, id: number, reason?: string): Promise<void> {
      const message = await standing(slot, id);
      authorize(actor, 'message.delete', message);
      if (message.attemptId !== null) {
        await removeAttempt(actor, message.attemptId, reason);
        return;
      }
      if (message.userId === actor.user.id) {
        if (!(await repo.delete(id))) throw new AppError('not_found', 'Message not found');
      } else {
        const done = await transaction(async (tx) => {
          if (!(await repo.tombstone(id, actor.user.id, reason ?? null, tx))) return false;
          await audit.record(
            actor,
            {
              action: 'message.removed',
              target: { id: message.userId, username: message.username },
              subject: { kind: 'discussion', ref: id },
              reason: reason ?? null,
              details: {
                text: message.text,
                thread: { thinkTank: slot.thinkTank, topic: slot.topicSlug, lesson: slot.lessonSlug },
              },
            },
            tx,
          );
          return true;
        });
        if (!done) throw new AppError('not_found', 'Message not found');
        await produce?.messageRemoved(
          actor,
          {
            kind: 'discussion',
            id,
            userId: message.userId,
            content: message.text,
            videoSeconds: null,
            thinkTank: slot.thinkTank,
            topic: slot.topicSlug,
            lesson: slot.lessonSlug,
          },
          reason,
        );
      }
      await repliesRemoved({ discussion: [id] });
      // A coach's message gone changes members' unread marks (decision 36).
      await progress.changed(null);
    },
    /**
     * Posts a message; `replyToId` quotes a standing message of the same thread (another thread's, or
     * one gone: 400). The members it mentions and the quoted message's author are told (decision 57).
     */
    async post(
      actor: Actor,
      slot: Slot,
      text: string,
      at?: number,
      replyToId?: number,
    ): Promise<DiscussionMessage> {
      requireThread(slot);
      const videoSeconds = at === undefined ? null : await videoTime(slot, at);
      const quotedMessage = replyToId === undefined ? null : await repo.facts(slot, replyToId);
      if (replyToId !== undefined && (!quotedMessage || quotedMessage.removedAt !== null)) {
        throw new AppError('bad_request', 'replyToId must be the id of a message in this discussion');
      }
      await limiter.hit(actor.user.id);
      const mentioned = await mentionsIn(text);
      // A coach's message answers the thread's attempts awaiting a reply, in its statement (decision 52).
      const row = await repo
        .insert(slot, actor.user.id, text, videoSeconds, actor.isAdmin, {
          mentions: mentioned.map((m) => m.id),
          replyToId: replyToId ?? null,
        })
        .catch((err: unknown) => {
          // The message replied to was deleted meanwhile.
          if (isForeignKeyViolation(err)) {
            throw new AppError('bad_request', 'replyToId must be the id of a message in this discussion');
          }
          throw err;
        });
      if (actor.isAdmin) await progress.changed(null);
      await notifyAbout(
        actor.user.id,
        slot,
        { id: row.id, text, videoSeconds },
        mentioned,
        quotedMessage?.userId ?? null,
      );
      await produce?.coachPosted(actor, {
        kind: 'lesson',
        id: row.id,
        text,
        thinkTank: slot.thinkTank,
        topic: slot.topicSlug,
        lesson: slot.lessonSlug,
      });
      return {
        id: row.id,
        text,
        createdAt: row.createdAt.toISOString(),
        user: {
          name: actor.user.name,
          username: actor.user.username,
          profilePicture: actor.user.profilePicture,
        },
        videoSeconds,
        attempt: null,
        ...(mentioned.length > 0
          ? { mentions: mentioned.map((m) => ({ username: m.username, name: m.name })) }
          : {}),
        ...(quotedMessage
          ? {
              replyTo: {
                id: quotedMessage.id,
                author: { name: quotedMessage.name, username: quotedMessage.handle },
                excerpt: quoteExcerpt(quotedMessage.text),
              },
            }
          : {}),
      };
    },
    async clear(actor: Actor, slot: Slot): Promise<void> {
      authorize(actor, 'discussion.clear');
      requireThread(slot);
      await attempts.removeInThread(slot);
      await repo.clear(slot);
      await progress.changed(null);
    },
  };
}

export type DiscussionsService = ReturnType<typeof discussionsService>;
