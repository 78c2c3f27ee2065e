import { useParams } from 'wouter';
import { DiscussionPanel } from '../../features/discussions/components/discussion-panel';
import { LessonView } from '../../features/think-tanks/components/lesson-view';
import { topicAreaOf } from '../../features/think-tanks/paths';
import { RequireMember } from '../require-member';
import NotFoundPage from './not-found-page';

/** /think-tanks/{area}/{topic}/{lesson}: the lesson's video and its saved discussion. */
export default function LessonPage() {
  const params = useParams<{ area: string; topic: string; lesson: string }>();
  const area = topicAreaOf(params.area ?? '');
  if (!area) return <NotFoundPage />;
  return (
    <RequireMember>
      {() => (
        <LessonView
          area={area}
          topicSlug={params.topic ?? ''}
          lessonSlug={params.lesson ?? ''}
          discussion={(lesson) => (
            <DiscussionPanel
              // A new lesson is a new thread: nothing of the last one's draft or scroll carries over.
              key={`${lesson.topic.slug}/${lesson.slug}`}
              thread={{ thinkTank: lesson.area, topic: lesson.topic.slug, lesson: lesson.slug }}
            />
          )}
        />
      )}
    </RequireMember>
  );
}
