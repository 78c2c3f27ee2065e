import { useParams } from 'wouter';
import { AREA_TITLES, findTopic, type TopicArea } from '@common/curriculum';
import { TopicLessons } from '../../features/think-tanks/components/topic-lessons';
import { topicAreaOf } from '../../features/think-tanks/topic-area';
import { useDocumentTitle } from '../../lib/document-title';
import { MembersOnly } from '../require-member';
import NotFoundPage from './not-found-page';

function TopicPage({ area, topicSlug }: { area: TopicArea; topicSlug: string }) {
  useDocumentTitle(findTopic(area, topicSlug)?.title ?? 'Topic not found', AREA_TITLES[area]);
  return (
    <MembersOnly>
      <TopicLessons area={area} topicSlug={topicSlug} />
    </MembersOnly>
  );
}

/** /think-tanks/{area}/{topic}: the topic's numbered lessons ('Topic not found' for an unknown topic). */
export default function ThinkTankTopicPage() {
  const params = useParams<{ area: string; topic: string }>();
  const area = topicAreaOf(params.area ?? '');
  if (!area) return <NotFoundPage />;
  return <TopicPage area={area} topicSlug={params.topic ?? ''} />;
}
