import { TOPICS, findLesson, lessonsOf, type Lesson } from '@common/curriculum';

/** Where a member's last opened lesson is kept on the device, one entry per member (a shared device). */
export const LAST_LESSON_KEY_PREFIX = 'tribe36-last-lesson:';

/** The part of `Storage` used here, so tests can pass a map. */
export type LessonStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Every lesson of the curriculum in its order: by topic as SPEC §2 lists them, then by number. */
export function curriculumLessons(): Lesson[] {
  return TOPICS.flatMap(lessonsOf);
}

/** The lesson after this one in the curriculum (the next topic's first after a topic's last), or null at the end. */
export function lessonAfter(lesson: Lesson): Lesson | null {
  const all = curriculumLessons();
  const index = all.findIndex(
    (l) => l.area === lesson.area && l.topic.slug === lesson.topic.slug && l.slug === lesson.slug,
  );
  return index >= 0 ? (all[index + 1] ?? null) : null;
}

/** What the member's home offers: the lesson to open, whether it is the one they last opened, and the one after it. */
export interface NextLesson {
  lesson: Lesson;
  /** True when `lesson` is the member's last opened lesson; false when they have opened none (the first lesson). */
  resumed: boolean;
  /** The lesson after `lesson` in the curriculum, when resuming. */
  upNext: Lesson | null;
}

/**
 * The member's next lesson: the lesson they last opened on this device, or the curriculum's first when
 * they opened none (or the remembered one is no longer in the curriculum). There is no record of
 * finished lessons, so the last opened one is offered again, with the one after it.
 */
export function nextLessonFor(storage: LessonStorage | null, userId: string): NextLesson {
  const last = readLastLesson(storage, userId);
  if (last) return { lesson: last, resumed: true, upNext: lessonAfter(last) };
  return { lesson: curriculumLessons()[0]!, resumed: false, upNext: null };
}

function readLastLesson(storage: LessonStorage | null, userId: string): Lesson | null {
  let value: string | null;
  try {
    value = storage?.getItem(LAST_LESSON_KEY_PREFIX + userId) ?? null;
  } catch {
    return null;
  }
  const [area, topic, lesson, ...rest] = value?.split('/') ?? [];
  if (!area || !topic || !lesson || rest.length > 0) return null;
  return findLesson(area, topic, lesson);
}

/** Keeps `lesson` as the member's last opened lesson on this device (quietly nothing when storage is blocked). */
export function rememberLesson(storage: LessonStorage | null, userId: string, lesson: Lesson): void {
  try {
    storage?.setItem(LAST_LESSON_KEY_PREFIX + userId, `${lesson.area}/${lesson.topic.slug}/${lesson.slug}`);
  } catch {
    // Full or blocked storage: the home page offers the first lesson instead.
  }
}

/** window.localStorage, or null where it is missing or blocked. */
export function deviceStorage(): LessonStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
