import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { discussionMessages } from '../db/schema';
import type { DiscussionsService } from '../modules/discussions/discussions.service';
import type { AttemptsService } from '../modules/attempts/attempts.service';
import type { LiveHub } from './live-hub';

/**
 * The discussions, telling the live streams of every process what changed in a thread (decision 58): a
 * message posted, edited, deleted or removed by a coach, the thread cleared. Each action is announced
 * after it is done, and only when it succeeded.
 */
export function liveDiscussions(service: DiscussionsService, live: LiveHub): DiscussionsService {
  return {
    ...service,
    async post(...args: Parameters<DiscussionsService['post']>) {
      const message = await service.post(...args);
      await live.changed(args[1], { kind: 'new', id: message.id });
      return message;
    },
    async edit(...args: Parameters<DiscussionsService['edit']>) {
      const message = await service.edit(...args);
      await live.changed(args[1], { kind: 'edited', id: args[2] });
      return message;
    },
    async remove(...args: Parameters<DiscussionsService['remove']>) {
      await service.remove(...args);
      await live.changed(args[1], { kind: 'removed', id: args[2] });
    },
    async clear(...args: Parameters<DiscussionsService['clear']>) {
      await service.clear(...args);
      await live.changed(args[1], { kind: 'cleared' });
    },
  };
}

/**
 * The attempts, likewise: one posted to a lesson is a new message of its discussion; one deleted (from My
 * attempts, the review, or with its message) takes its message out of the thread.
 */
export function liveAttempts(service: AttemptsService, live: LiveHub, db: Db): AttemptsService {
  /** The discussion message that posts an attempt, and its thread; null when it is in the chat. */
  async function messageOf(attemptId: string) {
    const [row] = await db
      .select({
        id: discussionMessages.id,
        thinkTank: discussionMessages.thinkTank,
        topicSlug: discussionMessages.topicSlug,
        lessonSlug: discussionMessages.lessonSlug,
      })
      .from(discussionMessages)
      .where(eq(discussionMessages.attemptId, attemptId))
      .limit(1);
    return row ?? null;
  }
  return {
    ...service,
    async post(...args: Parameters<AttemptsService['post']>) {
      const posted = await service.post(...args);
      const target = args[1].target;
      if (posted.discussionMessage && target.kind === 'lesson') {
        const slot = { thinkTank: target.thinkTank, topicSlug: target.topic, lessonSlug: target.lesson };
        await live.changed(slot, { kind: 'new', id: posted.discussionMessage.id });
      }
      return posted;
    },
    async remove(...args: Parameters<AttemptsService['remove']>) {
      const message = await messageOf(args[1]).catch(() => null);
      await service.remove(...args);
      if (message) await live.changed(message, { kind: 'removed', id: message.id });
    },
  };
}
