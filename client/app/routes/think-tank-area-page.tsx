import { useParams } from 'wouter';
import { AREA_TITLES, type TopicArea } from '@common/curriculum';
import { AreaTopics } from '../../features/think-tanks/components/area-topics';
import { topicAreaOf } from '../../features/think-tanks/topic-area';
import { useDocumentTitle } from '../../lib/document-title';
import { MembersOnly } from '../require-member';
import NotFoundPage from './not-found-page';

function AreaPage({ area }: { area: TopicArea }) {
  useDocumentTitle(AREA_TITLES[area]);
  return (
    <MembersOnly>
      <AreaTopics area={area} />
    </MembersOnly>
  );
}

/** /think-tanks/{intellectual|psychological|emotional}: the area's topic cards; any other area is a 404. */
export default function ThinkTankAreaPage() {
  const params = useParams<{ area: string }>();
  const area = topicAreaOf(params.area ?? '');
  if (!area) return <NotFoundPage />;
  return <AreaPage area={area} />;
}
