import type { ReactNode } from 'react';
import {
  AREA_TITLES,
  findLesson,
  findTopic,
  lessonHeading,
  type Lesson,
  type TopicArea,
} from '@common/curriculum';
import { thinkTankPath, topicPath } from '../../../lib/paths';
import { CurriculumNotFound } from './curriculum-not-found';
import { LessonPager } from './lesson-pager';
import { useLessonVisit } from '../api/send-lesson-visit';
import { LessonDoneButton } from './lesson-done-button';
import { ThinkTankPageHeader } from './think-tank-page-header';
import { VideoWithDiscussion } from './video-with-discussion';

/**
 * /think-tanks/{area}/{topic}/{lesson}: the numbered title, the video with its upload control, the
 * lessons before and after, the discussion that `discussion` renders for the lesson, and `review` under them. An unknown topic
 * shows 'Topic not found', an unknown lesson 'Lesson not found'.
 */
export function LessonView({
  area,
  topicSlug,
  lessonSlug,
  discussion,
  review,
}: {
  area: TopicArea;
  topicSlug: string;
  lessonSlug: string;
  discussion: (lesson: Lesson) => ReactNode;
  /** For admins, the attempts posted to the lesson (features/attempts), beside the discussion. */
  review?: (lesson: Lesson) => ReactNode;
}) {
  const topic = findTopic(area, topicSlug);
  const lesson = topic ? findLesson(area, topic.slug, lessonSlug) : null;
  useLessonVisit(lesson ? { thinkTank: area, topic: lesson.topic.slug, lesson: lesson.slug } : null);
  if (!topic) {
    return (
      <CurriculumNotFound
        title="Topic not found"
        text={`The ${AREA_TITLES[area]} Think Tank has no such topic.`}
        backHref={thinkTankPath(area)}
        backLabel={`${AREA_TITLES[area]} topics`}
      />
    );
  }
  if (!lesson) {
    return (
      <CurriculumNotFound
        title="Lesson not found"
        text={`${topic.title} has no such lesson.`}
        backHref={topicPath(topic)}
        backLabel={`${topic.title} lessons`}
      />
    );
  }
  const heading = lessonHeading(lesson);
  return (
    <div className="grid gap-8">
      <ThinkTankPageHeader
        area={area}
        title={<LessonTitle lesson={lesson} />}
        trail={[
          { label: AREA_TITLES[area], href: thinkTankPath(area) },
          { label: topic.title, href: topicPath(topic) },
          { label: heading },
        ]}
      >
        {topic.title}
      </ThinkTankPageHeader>
      <VideoWithDiscussion
        slot={{ thinkTank: area, topicSlug: topic.slug, lessonSlug: lesson.slug }}
        title={heading}
        discussion={discussion(lesson)}
      >
        <LessonDoneButton lesson={{ thinkTank: area, topic: topic.slug, lesson: lesson.slug }} />
        <LessonPager lesson={lesson} />
        {review?.(lesson)}
      </VideoWithDiscussion>
    </div>
  );
}

/** '406 · Assessing Data', the number kept on the line of the title's first word (never '406 ·' alone). */
function LessonTitle({ lesson }: { lesson: Lesson }) {
  const [first, ...rest] = lesson.title.split(' ');
  return (
    <>
      <span className="whitespace-nowrap">{`${lesson.number} · ${first}`}</span>
      {rest.length > 0 ? ` ${rest.join(' ')}` : null}
    </>
  );
}
