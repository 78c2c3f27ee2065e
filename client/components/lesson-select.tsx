import { AREA_TITLES, lessonHeading, lessonsOf, TOPIC_AREAS, TOPICS } from '@common/curriculum';
import type { LessonRef } from '@common/contracts/progress';
import { lessonKey } from '@common/progress';

/** The 36 lessons by area. */
const LESSON_GROUPS = TOPIC_AREAS.map((area) => ({
  area,
  lessons: TOPICS.filter((t) => t.area === area).flatMap((t) => lessonsOf(t)),
}));

/** A lesson's place from its key, 'area/topic/lesson' (lessonKey). */
export function lessonRefOf(key: string): LessonRef {
  const [thinkTank = '', topic = '', lesson = ''] = key.split('/');
  return { thinkTank, topic, lesson };
}

/** A select of the 36 lessons ('203 · Systems Theory'), grouped by area; its value is a lesson key. */
export function LessonSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (key: string) => void;
}) {
  return (
    <select
      id={id}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
    >
      {LESSON_GROUPS.map((g) => (
        <optgroup key={g.area} label={AREA_TITLES[g.area]}>
          {g.lessons.map((l) => (
            <option
              key={l.slug + l.topic.slug}
              value={lessonKey({ thinkTank: l.area, topic: l.topic.slug, lesson: l.slug })}
            >
              {lessonHeading(l)}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
