import { useParams } from 'wouter';
import { AREA_TITLES, findLesson, findTopic, lessonHeading, type TopicArea } from '@common/curriculum';
import { LessonAttempts } from '../../features/attempts/components/lesson-attempts';
import { LessonDrills } from '../../features/drills/components/lesson-drills';
import { LessonView } from '../../features/think-tanks/components/lesson-view';
import { topicAreaOf } from '../../features/think-tanks/topic-area';
import { Skeleton } from '../../components/ui/spinner';
import { deferredSection } from '../../lib/deferred-section';
import { useDocumentTitle } from '../../lib/document-title';
import { MembersOnly } from '../require-member';
import NotFoundPage from './not-found-page';

// The discussion comes late (docs/decisions.md decisions 65 and 78): on a phone it is under the video,
// the done button and the pager; its HTML shows at once and it is hydrated in tasks of its own once the
// browser is idle, it is scrolled near (beside the video on a wide screen: at once), or touched (a press
// meanwhile is held, not lost).
export const LateDiscussionPanel = deferredSection(
  'lesson-discussion',
  () =>
    import('../../features/discussions/components/discussion-panel').then((m) => ({
      default: m.DiscussionPanel,
    })),
  { fallback: <Skeleton className="h-[640px] rounded-xl" /> },
);

/** Loads what the page draws on demand, so that its prerendered HTML renders in one pass (the prerender). */
export async function preloadParts(): Promise<void> {
  await LateDiscussionPanel.preload();
}

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
          <LateDiscussionPanel
            // A new lesson is a new thread: nothing of the last one's draft or scroll carries over.
            key={`${lesson.topic.slug}/${lesson.slug}`}
            thread={{ thinkTank: lesson.area, topic: lesson.topic.slug, lesson: lesson.slug }}
          />
        )}
        review={(lesson) => {
          const ref = { thinkTank: lesson.area, topic: lesson.topic.slug, lesson: lesson.slug };
          // A member's drill on this lesson (issue 34); a coach's review of its attempts.
          return (
            <>
              <LessonDrills lesson={ref} />
              <LessonAttempts lesson={ref} />
            </>
          );
        }}
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
