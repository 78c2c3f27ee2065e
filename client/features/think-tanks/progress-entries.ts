import type { LessonProgressEntry, LessonRef, ProgressResponse } from '@common/contracts/progress';
import { continueLesson, lessonKey } from '@common/progress';

/** The member's entry for a lesson, once progress is known (undefined while loading). */
export function entryOf(progress: ProgressResponse | undefined, lesson: LessonRef) {
  if (!progress) return undefined;
  return progress.lessons.find((e) => lessonKey(e) === lessonKey(lesson)) ?? null;
}

/** `progress` with one lesson's entry replaced, and Continue worked out again by the server's own rule. */
export function withEntry(progress: ProgressResponse, entry: LessonProgressEntry): ProgressResponse {
  const lessons = [...progress.lessons.filter((e) => lessonKey(e) !== lessonKey(entry)), entry];
  return { ...progress, lessons, continue: continueLesson(lessons) };
}

/** A lesson's entry before the member has done anything in it. */
export const blankEntry = (lesson: LessonRef): LessonProgressEntry => ({
  thinkTank: lesson.thinkTank,
  topic: lesson.topic,
  lesson: lesson.lesson,
  doneAt: null,
  openedAt: null,
  positionSeconds: null,
  unread: false,
});

/** `progress` as it is once the member has opened `lesson` at `at` (read, and the latest activity). */
export function withVisit(progress: ProgressResponse, lesson: LessonRef, at: string): ProgressResponse {
  const entry = entryOf(progress, lesson) ?? blankEntry(lesson);
  return withEntry(progress, { ...entry, openedAt: at, unread: false });
}

/** The URL of a lesson's progress: PUT / DELETE marks it done or not, `/visit` records an opening. */
export const lessonProgressUrl = (l: LessonRef) => `/api/progress/${l.thinkTank}/${l.topic}/${l.lesson}`;
