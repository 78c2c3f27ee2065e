import { TOPIC_AREAS, type TopicArea } from '@common/curriculum';

/** The area as one made of topics, or null (an unknown area, or a single-page one). */
export function topicAreaOf(value: string): TopicArea | null {
  return (TOPIC_AREAS as readonly string[]).includes(value) ? (value as TopicArea) : null;
}
