import { isDiscussionThread, isVideoSlot } from '../../../common/curriculum';
import type { DiscussionMessage } from '../../../common/contracts/lessons';
import type { DiscussionsRepository, Slot } from '../../db/repositories/lessons.repository';
import { AppError } from '../../lib/errors';
import { authorize } from '../../policies';
import type { RateEventStore } from '../../lib/rate-event-store';
import { discussionPostLimiter } from '../../lib/post-limits';
import type { ProgressChanges } from '../../storage/progress-cache';
import type { Actor } from '../../storage/session-store';
import type { LessonVideoLengths } from '../../storage/video-length';
import { formatMinutes } from '../../../common/text';
import { presentDiscussionMessage } from '../../presenters/discussion.presenter';

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
}: {
  repo: DiscussionsRepository;
  limits: RateEventStore;
  videoLengths: LessonVideoLengths;
  /** The attempts posted to a thread (issue 18): cleared with it, files and all. */
  attempts: { removeInThread(slot: Slot): Promise<void> };
  /** A coach's post or a cleared thread changes members' unread marks (server/storage/progress-cache.ts). */
  progress: ProgressChanges;
}) {
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
    async list(_actor: Actor, slot: Slot): Promise<DiscussionMessage[]> {
      requireThread(slot);
      return (await repo.list(slot, HISTORY)).map(presentDiscussionMessage);
    },
    async post(actor: Actor, slot: Slot, text: string, at?: number): Promise<DiscussionMessage> {
      requireThread(slot);
      const videoSeconds = at === undefined ? null : await videoTime(slot, at);
      await limiter.hit(actor.user.id);
      // A coach's message answers the thread's attempts awaiting a reply, in its statement (decision 52).
      const row = await repo.insert(slot, actor.user.id, text, videoSeconds, actor.isAdmin);
      if (actor.isAdmin) await progress.changed(null);
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
