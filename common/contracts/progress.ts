import { z } from 'zod';
import { slug } from './fields';

export { WATCHED_DONE_FRACTION } from './progress-values';

/**
 * Lesson progress (issue 18). Only the 36 lessons of the Intellectual, Psychological and Emotional
 * areas have progress; any other path is 404. A member reads and writes only their own.
 */

/** The path of /api/progress/{thinkTank}/{topic}/{lesson} and of its /visit. */
export const progressParams = z.object({
  thinkTank: slug('thinkTank'),
  topic: slug('topic'),
  lesson: slug('lesson'),
});
export type ProgressParams = z.infer<typeof progressParams>;

/** A lesson's place in the curriculum, as in its URL. */
export const lessonRef = z.object({ thinkTank: z.string(), topic: z.string(), lesson: z.string() });
export type LessonRef = z.infer<typeof lessonRef>;

/** One lesson the member has opened or marked done. Lessons never touched are absent. */
export const lessonProgressEntry = lessonRef.extend({
  /** When the lesson was marked done (by the button or by watching 90 % of its video); null: not done. */
  doneAt: z.string().nullable(),
  /** When the member last opened the lesson. */
  openedAt: z.string().nullable(),
  /** Where the lesson video was stopped, in seconds; null: from the start. */
  positionSeconds: z.number().nullable(),
  /** A coach (admin) replied in the lesson's discussion after the member posted an attempt there, since they last opened it. */
  unread: z.boolean(),
});
export type LessonProgressEntry = z.infer<typeof lessonProgressEntry>;

/** GET /api/progress: the member's own progress, and the lesson 'Continue' offers (null when every lesson is done). */
export const progressResponse = z.object({
  lessons: z.array(lessonProgressEntry),
  continue: lessonRef.nullable(),
});
export type ProgressResponse = z.infer<typeof progressResponse>;

/** PUT /api/progress/{thinkTank}/{topic}/{lesson} (mark done; no body needed) and DELETE (not done): the lesson's entry. */
export const lessonProgressResponse = lessonProgressEntry;

/**
 * PUT /api/progress/{thinkTank}/{topic}/{lesson}/visit: the member opened the lesson (clears its unread
 * mark, moves 'Continue'), and where its video stands, if it was played.
 */
export const progressVisitBody = z.object(
  {
    positionSeconds: z
      .number({ error: 'positionSeconds must be a number' })
      .finite({ error: 'positionSeconds must be a number' })
      .min(0, { error: 'positionSeconds must not be negative' })
      .max(24 * 60 * 60, { error: 'positionSeconds must be at most 86400' })
      .optional(),
  },
  { error: 'Request body must be a JSON object' },
);
export type ProgressVisitBody = z.infer<typeof progressVisitBody>;
