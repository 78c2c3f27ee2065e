import type {
  LessonProgressEntry,
  ProgressParams,
  ProgressResponse,
} from '../../../common/contracts/progress';
import { continueLesson, isCurriculumLesson } from '../../../common/progress';
import type {
  LessonPath,
  ProgressRecord,
  ProgressRepository,
} from '../../db/repositories/progress.repository';
import { AppError } from '../../lib/errors';
import { preparedJson, type PreparedAnswer } from '../../lib/prepared-answer';
import type { ProgressCache } from '../../storage/progress-cache';
import type { Actor } from '../../storage/session-store';

const present = (r: ProgressRecord): LessonProgressEntry => ({
  thinkTank: r.thinkTank,
  topic: r.topicSlug,
  lesson: r.lessonSlug,
  doneAt: r.doneAt?.toISOString() ?? null,
  openedAt: r.openedAt?.toISOString() ?? null,
  positionSeconds: r.positionSeconds,
  unread: r.unread,
});

/**
 * Lesson progress (issue 18, docs/decisions.md decision 36): each member reads and writes their own,
 * on the 36 lessons only; 'Continue' is worked out from it (common/progress.ts).
 */
export function progressService({
  repo,
  adminEmails,
  cache,
  replies,
}: {
  repo: ProgressRepository;
  adminEmails: ReadonlySet<string>;
  /** Each member's answer in memory, as bytes, forgotten on every change (decision 40). */
  cache: ProgressCache<PreparedAnswer>;
  /** Opening a lesson reads the coaches' replies to the member's attempts there (decision 52). */
  replies?: { seenInThread(userId: string, thread: LessonPath): Promise<unknown> };
}) {
  function lessonOf(p: ProgressParams): LessonPath {
    if (!isCurriculumLesson(p.thinkTank, p.topic, p.lesson))
      throw new AppError('not_found', 'Lesson not found');
    return { thinkTank: p.thinkTank, topicSlug: p.topic, lessonSlug: p.lesson };
  }
  async function entries(actor: Actor): Promise<LessonProgressEntry[]> {
    return (await repo.list(actor.user.id, [...adminEmails])).map(present);
  }
  async function entryOf(actor: Actor, p: ProgressParams): Promise<LessonProgressEntry> {
    const found = (await entries(actor)).find(
      (e) => e.thinkTank === p.thinkTank && e.topic === p.topic && e.lesson === p.lesson,
    );
    return (
      found ?? {
        thinkTank: p.thinkTank,
        topic: p.topic,
        lesson: p.lesson,
        doneAt: null,
        openedAt: null,
        positionSeconds: null,
        unread: false,
      }
    );
  }
  return {
    /** The member's GET /api/progress answer as its bytes, made once per change (decision 40). */
    async get(actor: Actor): Promise<PreparedAnswer> {
      return cache.get(actor.user.id, async () => {
        const lessons = await entries(actor);
        const answer: ProgressResponse = { lessons, continue: continueLesson(lessons) };
        return preparedJson(JSON.stringify(answer));
      });
    },
    async markDone(actor: Actor, p: ProgressParams): Promise<LessonProgressEntry> {
      await repo.markDone(actor.user.id, lessonOf(p));
      await cache.changed(actor.user.id);
      return entryOf(actor, p);
    },
    async markNotDone(actor: Actor, p: ProgressParams): Promise<LessonProgressEntry> {
      await repo.markNotDone(actor.user.id, lessonOf(p));
      await cache.changed(actor.user.id);
      return entryOf(actor, p);
    },
    async visit(
      actor: Actor,
      p: ProgressParams,
      positionSeconds: number | undefined,
    ): Promise<LessonProgressEntry> {
      const lesson = lessonOf(p);
      await repo.visit(actor.user.id, lesson, positionSeconds);
      await replies?.seenInThread(actor.user.id, lesson);
      await cache.changed(actor.user.id);
      return entryOf(actor, p);
    },
  };
}

export type ProgressService = ReturnType<typeof progressService>;
