import { useParams } from 'wouter';
import { TopicLessons } from '../../features/think-tanks/components/topic-lessons';
import { topicAreaOf } from '../../features/think-tanks/paths';
import { RequireMember } from '../require-member';
import NotFoundPage from './not-found-page';

/** /think-tanks/{area}/{topic}: the topic's numbered lessons ('Topic not found' for an unknown topic). */
export default function ThinkTankTopicPage() {
  const params = useParams<{ area: string; topic: string }>();
  const area = topicAreaOf(params.area ?? '');
  if (!area) return <NotFoundPage />;
  return <RequireMember>{() => <TopicLessons area={area} topicSlug={params.topic ?? ''} />}</RequireMember>;
}
