import type { ReactNode } from 'react';
import type { VideoSlot } from '../lesson-video-file';
import { isCurriculumLesson } from '@common/progress';
import { VideoClockProvider } from '../../../lib/video-clock';
import { useLessonVideoProgress } from '../use-lesson-progress';
import { LessonVideoCard } from './lesson-video-card';

/**
 * A video page's body: the video card (and what follows it) beside the discussion on wide screens,
 * above it on narrow ones. The discussion comes from the hosting page; the two share the video's clock
 * (timestamped comments, decision 37).
 */
export function VideoWithDiscussion({
  slot,
  title,
  discussion,
  children,
}: {
  slot: VideoSlot;
  title: string;
  discussion: ReactNode;
  children?: ReactNode;
}) {
  return (
    <VideoClockProvider>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 gap-6">
          {isCurriculumLesson(slot.thinkTank, slot.topicSlug, slot.lessonSlug) ? (
            <LessonVideoWithProgress slot={slot} title={title} />
          ) : (
            <LessonVideoCard slot={slot} title={title} />
          )}
          {children}
        </div>
        <div className="min-w-0">{discussion}</div>
      </div>
    </VideoClockProvider>
  );
}

/** One of the 36 lessons' video: it resumes, saves its position and marks the lesson done at 90 %. */
function LessonVideoWithProgress({ slot, title }: { slot: VideoSlot; title: string }) {
  const progress = useLessonVideoProgress({
    thinkTank: slot.thinkTank,
    topic: slot.topicSlug,
    lesson: slot.lessonSlug,
  });
  return <LessonVideoCard slot={slot} title={title} progress={progress} />;
}
