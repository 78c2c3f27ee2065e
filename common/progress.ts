import type { LessonProgressEntry, LessonRef } from './contracts/progress';
import { lessonsOf, TOPICS, type TopicArea } from './curriculum';

/** The 36 lessons in curriculum order: 201…214, 301…314, 401…406 (SPEC §2's table). */
export const CURRICULUM: readonly LessonRef[] = TOPICS.flatMap((t) =>
  lessonsOf(t).map((l) => ({ thinkTank: t.area, topic: t.slug, lesson: l.slug })),
);

export const lessonKey = (l: LessonRef) => `${l.thinkTank}/${l.topic}/${l.lesson}`;

/** Whether a path is one of the 36 lessons (the only paths with progress). */
export function isCurriculumLesson(thinkTank: string, topic: string, lesson: string): boolean {
  return CURRICULUM.some((l) => l.thinkTank === thinkTank && l.topic === topic && l.lesson === lesson);
}

type Activity = Pick<LessonProgressEntry, 'thinkTank' | 'topic' | 'lesson' | 'doneAt' | 'openedAt'>;

const latest = (e: Activity) => Math.max(Date.parse(e.doneAt ?? '') || 0, Date.parse(e.openedAt ?? '') || 0);

/**
 * The lesson 'Continue' offers (docs/decisions.md decision 36). The lesson with the latest activity
 * (marked done or opened): if it is not done, that lesson itself, to be resumed; if it is done, the next
 * lesson in curriculum order that is not done, across the ends of topics and areas (214 → 301), and
 * after 406 from the start again. Nothing yet: the first lesson. Everything done: null.
 */
export function continueLesson(entries: readonly Activity[]): LessonRef | null {
  const done = new Set(entries.filter((e) => e.doneAt).map(lessonKey));
  let last: Activity | undefined;
  for (const e of entries) if (latest(e) > 0 && (!last || latest(e) > latest(last))) last = e;
  if (!last) return done.size === 0 ? CURRICULUM[0]! : firstNotDone(0, done);
  if (!done.has(lessonKey(last))) return pick(last);
  const at = CURRICULUM.findIndex((l) => lessonKey(l) === lessonKey(last));
  return firstNotDone(at + 1, done);
}

function firstNotDone(from: number, done: ReadonlySet<string>): LessonRef | null {
  for (let i = 0; i < CURRICULUM.length; i++) {
    const l = CURRICULUM[(from + i) % CURRICULUM.length]!;
    if (!done.has(lessonKey(l))) return l;
  }
  return null;
}

const pick = (l: LessonRef): LessonRef => ({ thinkTank: l.thinkTank, topic: l.topic, lesson: l.lesson });

/** How many lessons of an area (or of one of its topics) are done, out of how many. */
export function doneCount(
  entries: readonly Pick<LessonProgressEntry, 'thinkTank' | 'topic' | 'lesson' | 'doneAt'>[],
  area: TopicArea | string,
  topic?: string,
): { done: number; total: number } {
  const lessons = CURRICULUM.filter(
    (l) => l.thinkTank === area && (topic === undefined || l.topic === topic),
  );
  const keys = new Set(lessons.map(lessonKey));
  const done = entries.filter((e) => e.doneAt && keys.has(lessonKey(e))).length;
  return { done, total: lessons.length };
}
