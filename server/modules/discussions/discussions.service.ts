import { isDiscussionThread } from '../../../common/curriculum';
import type { DiscussionMessage } from '../../../common/contracts/lessons';
import type { DiscussionsRepository, Slot } from '../../db/repositories/lessons.repository';
import { AppError } from '../../lib/errors';
import type { AttemptStore } from '../../lib/attempt-store';
import { discussionPostLimiter } from '../../lib/post-limits';
import type { Actor } from '../../storage/session-store';
import { presentDiscussionMessage } from '../../presenters/discussion.presenter';

const HISTORY = 500;

/**
 * Saved discussions (docs/decisions.md decision 5): members read and post; admins clear a thread. Posts
 * are counted in `limits` (shared by every process on PostgreSQL).
 */
export function discussionsService({
  repo,
  limits,
  attempts,
}: {
  repo: DiscussionsRepository;
  limits: AttemptStore;
  /** The attempts posted to a thread (issue 18): cleared with it, files and all. */
  attempts: { removeInThread(slot: Slot): Promise<void> };
}) {
  const limiter = discussionPostLimiter(limits);
  function requireThread(slot: Slot) {
    if (!isDiscussionThread(slot.thinkTank, slot.topicSlug, slot.lessonSlug)) {
      throw new AppError('not_found', 'Discussion not found');
    }
  }
  return {
    async list(_actor: Actor, slot: Slot): Promise<DiscussionMessage[]> {
      requireThread(slot);
      return (await repo.list(slot, HISTORY)).map(presentDiscussionMessage);
    },
    async post(actor: Actor, slot: Slot, text: string): Promise<DiscussionMessage> {
      requireThread(slot);
      await limiter.hit(actor.user.id);
      const row = await repo.insert(slot, actor.user.id, text);
      return {
        id: row.id,
        text,
        createdAt: row.createdAt.toISOString(),
        user: {
          name: actor.user.name,
          username: actor.user.username,
          profilePicture: actor.user.profilePicture,
        },
        videoSeconds: null,
        attempt: null,
      };
    },
    async clear(actor: Actor, slot: Slot): Promise<void> {
      if (!actor.isAdmin) throw new AppError('forbidden', 'Only administrators can clear a discussion');
      requireThread(slot);
      await attempts.removeInThread(slot);
      await repo.clear(slot);
    },
  };
}

export type DiscussionsService = ReturnType<typeof discussionsService>;
