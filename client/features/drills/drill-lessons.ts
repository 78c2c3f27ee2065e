import { AREA_TITLES, lessonHeading, lessonsOf, MAIN, TOPIC_AREAS, TOPICS } from '@common/curriculum';
import type { AssignmentItem } from '@common/contracts/assignments';

/** A drill's lesson: its place, as POST /api/assignments names it. */
export type DrillLesson = { thinkTank: string; topic: string; lesson: string };

/** The page of a drill's lesson: the lesson, or the area's page for a single-page Think Tank (main/main). */
export function drillLessonHref(l: DrillLesson): string {
  return l.topic === MAIN && l.lesson === MAIN
    ? `/think-tanks/${l.thinkTank}`
    : `/think-tanks/${l.thinkTank}/${l.topic}/${l.lesson}`;
}

/** 'thinkTank/topic/lesson', a select's value. */
export const drillLessonKey = (l: DrillLesson) => `${l.thinkTank}/${l.topic}/${l.lesson}`;

/** A select's value as the lesson it names. */
export function drillLessonOf(key: string): DrillLesson {
  const [thinkTank = '', topic = '', lesson = ''] = key.split('/');
  return { thinkTank, topic, lesson };
}

/**
 * What a drill can be (decision 81): the 36 lessons by area, and the physiological and spiritual pages
 * (main/main), where attempts are posted too.
 */
export const DRILL_LESSON_GROUPS: ReadonlyArray<{
  label: string;
  options: ReadonlyArray<{ key: string; label: string }>;
}> = [
  ...TOPIC_AREAS.map((area) => ({
    label: AREA_TITLES[area],
    options: TOPICS.filter((t) => t.area === area)
      .flatMap((t) => lessonsOf(t))
      .map((l) => ({
        key: drillLessonKey({ thinkTank: l.area, topic: l.topic.slug, lesson: l.slug }),
        label: lessonHeading(l),
      })),
  })),
  {
    label: 'Single-page Think Tanks',
    options: (['physiological', 'spiritual'] as const).map((area) => ({
      key: drillLessonKey({ thinkTank: area, topic: MAIN, lesson: MAIN }),
      label: AREA_TITLES[area],
    })),
  },
];

const RANK = { open: 0, missed: 1, late: 1, done: 1 } as const;

/**
 * A member's drills in the order they read them: open ones first, soonest due first; then the rest,
 * most recently due first.
 */
export function memberDrillOrder(items: readonly AssignmentItem[]): AssignmentItem[] {
  return [...items].sort((a, b) => {
    const rank = RANK[a.status] - RANK[b.status];
    if (rank !== 0) return rank;
    const due = Date.parse(a.dueAt) - Date.parse(b.dueAt);
    return a.status === 'open' ? due : -due;
  });
}
