import type { Topic } from '@common/curriculum';

/** The numbers a topic's lessons run through: '201–207' (one lesson: just its number). */
export function lessonRange(topic: Pick<Topic, 'start' | 'lessons'>): string {
  const end = topic.start + topic.lessons.length - 1;
  return end > topic.start ? `${topic.start}–${end}` : String(topic.start);
}

/** '7 lessons', '1 lesson'. */
export function lessonCount(count: number): string {
  return `${count} ${count === 1 ? 'lesson' : 'lessons'}`;
}
