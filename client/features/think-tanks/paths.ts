import { TOPIC_AREAS, type Lesson, type ThinkTank, type Topic, type TopicArea } from '@common/curriculum';

/** The page of a Think Tank: '/think-tanks/intellectual'. */
export function areaPath(area: ThinkTank): string {
  return `/think-tanks/${area}`;
}

/** '/think-tanks/intellectual/understanding-enemy' */
export function topicPath(topic: Pick<Topic, 'area' | 'slug'>): string {
  return `/think-tanks/${topic.area}/${topic.slug}`;
}

/** '/think-tanks/intellectual/understanding-enemy/interception-deception' */
export function lessonPath(lesson: Pick<Lesson, 'area' | 'topic' | 'slug'>): string {
  return `${topicPath(lesson.topic)}/${lesson.slug}`;
}

/** The area as one made of topics, or null (an unknown area, or a single-page one). */
export function topicAreaOf(value: string): TopicArea | null {
  return (TOPIC_AREAS as readonly string[]).includes(value) ? (value as TopicArea) : null;
}
