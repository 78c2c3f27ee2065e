import { useParams } from 'wouter';
import { AREA_TITLES, findLesson, findTopic, lessonHeading, type TopicArea } from '@common/curriculum';
import { LessonAttempts } from '../../features/attempts/components/lesson-attempts';
import { DiscussionPanel } from '../../features/discussions/components/discussion-panel';
import { LessonView } from '../../features/think-tanks/components/lesson-view';
import { topicAreaOf } from '../../features/think-tanks/topic-area';
import { useDocumentTitle } from '../../lib/document-title';
import { MembersOnly } from '../require-member';
import NotFoundPage from './not-found-page';

/** '203 · Systems Theory', or what LessonView shows for a path outside the curriculum. */
function lessonTitle(area: TopicArea, topicSlug: string, lessonSlug: string): string {
  if (!findTopic(area, topicSlug)) return 'Topic not found';
  const lesson = findLesson(area, topicSlug, lessonSlug);
  return lesson ? lessonHeading(lesson) : 'Lesson not found';
}

function Lesson({ area, topicSlug, lessonSlug }: { area: TopicArea; topicSlug: string; lessonSlug: string }) {
  useDocumentTitle(lessonTitle(area, topicSlug, lessonSlug), AREA_TITLES[area]);
  return (
    <MembersOnly>
      <LessonView
        area={area}
        topicSlug={topicSlug}
        lessonSlug={lessonSlug}
        discussion={(lesson) => (
          <DiscussionPanel
            // A new lesson is a new thread: nothing of the last one's draft or scroll carries over.
            key={`${lesson.topic.slug}/${lesson.slug}`}
            thread={{ thinkTank: lesson.area, topic: lesson.topic.slug, lesson: lesson.slug }}
          />
        )}
        review={(lesson) => (
          <LessonAttempts
            lesson={{ thinkTank: lesson.area, topic: lesson.topic.slug, lesson: lesson.slug }}
          />
        )}
      />
    </MembersOnly>
  );
}

/** /think-tanks/{area}/{topic}/{lesson}: the lesson's video and its saved discussion. */
export default function LessonPage() {
  const params = useParams<{ area: string; topic: string; lesson: string }>();
  const area = topicAreaOf(params.area ?? '');
  if (!area) return <NotFoundPage />;
  return <Lesson area={area} topicSlug={params.topic ?? ''} lessonSlug={params.lesson ?? ''} />;
}
