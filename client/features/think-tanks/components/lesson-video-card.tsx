import { Play, RotateCw, VideoOff } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/spinner';
import { useLessonVideo } from '../api/get-lesson-video';
import type { VideoSlot } from '../lesson-video-file';
import { LessonCaptionsUploadButton } from './lesson-captions-upload-button';
import { LessonVideoUploadButton } from './lesson-video-upload-button';
import { formatMinutes } from '@common/text';
import type { LessonVideoProgress } from '../use-lesson-progress';
import { useVideoClock } from '../../../lib/video-clock';
import { VideoCommentMarks } from './video-comment-marks';

const STAGE = 'aspect-video w-full';

/**
 * The lesson's video: a player that seeks through HTTP Range, or 'No video uploaded yet'; with the upload
 * control in the card's header. A playback failure is only logged (SPEC §8). Beside a discussion, the
 * player keeps the page's video clock and shows the timed messages on a strip under it (decision 37).
 */
export function LessonVideoCard({
  slot,
  title,
  progress,
}: {
  slot: VideoSlot;
  title: string;
  /** For one of the 36 lessons: resume, saved position and done at 90 % (issue 18). */
  progress?: LessonVideoProgress;
}) {
  const video = useLessonVideo(slot);
  const videoUrl = video.data?.videoUrl ?? null;
  const captionsUrl = video.data?.captionsUrl ?? null;
  const clock = useVideoClock();
  // One ref for the player, kept across renders: the progress hook's and the clock's.
  const progressRef = useRef(progress?.videoProps.ref);
  progressRef.current = progress?.videoProps.ref;
  const player = useRef<HTMLVideoElement | null>(null);
  const playerRef = useCallback(
    (el: HTMLVideoElement | null) => {
      player.current = el;
      progressRef.current?.(el);
      clock?.attach(el);
    },
    [clock],
  );
  // The browser's own controls (its shadow tree, their icons each an SVG document) cost the page two
  // style passes on its way to interactive, 50-130 ms each at 4x CPU (docs/decisions.md decision 87):
  // the player shows its frame under a play button until it is first used, and has its controls from
  // then on. Playing it any other way (a comment's mark on the timeline) gives it its controls too.
  const [controls, setControls] = useState(false);
  const start = () => {
    flushSync(() => setControls(true));
    const v = player.current;
    // The button is gone: the player takes the focus, so the keyboard is on its controls.
    v?.focus();
    v?.play().catch((error: unknown) => console.error('Video playback failed', error));
  };

  return (
    <Card aria-labelledby="lesson-video-title" className="overflow-hidden">
      <div className="relative flex min-h-[3.75rem] flex-wrap items-center justify-between gap-x-2 gap-y-2 border-b px-3 py-3 sm:gap-x-3 sm:px-5">
        <CardTitle
          id="lesson-video-title"
          className="whitespace-nowrap text-sm tracking-normal sm:text-base sm:tracking-wide"
        >
          Lesson Video
        </CardTitle>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {videoUrl ? <LessonCaptionsUploadButton slot={slot} hasCaptions={captionsUrl !== null} /> : null}
          <LessonVideoUploadButton slot={slot} hasVideo={videoUrl !== null} />
        </div>
      </div>
      {video.isPending ? (
        <Skeleton className={`${STAGE} rounded-none`} />
      ) : video.isError ? (
        <div className={`${STAGE} grid place-content-center justify-items-center gap-3 bg-muted/40 p-6`}>
          <p className="text-sm text-muted-foreground">Could not load the video.</p>
          <Button size="sm" variant="outline" onClick={() => void video.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : videoUrl ? (
        <div className="relative">
          <video
            // A replaced video (or captions track) is a new element, so nothing of the old one lingers.
            key={`${videoUrl} ${captionsUrl ?? ''}`}
            src={videoUrl}
            controls={controls}
            preload="metadata"
            playsInline
            aria-label={`Video: ${title}`}
            onError={(event) => console.error('Video playback failed', event.currentTarget.error)}
            onPlay={() => setControls(true)}
            className={`${STAGE} block bg-black`}
            {...progress?.videoProps}
            ref={playerRef}
          >
            {captionsUrl ? <track kind="captions" src={captionsUrl} label="Captions" /> : null}
          </video>
          {controls ? null : (
            <button
              type="button"
              aria-label={`Play video: ${title}`}
              onClick={start}
              className="group absolute inset-0 grid cursor-pointer place-items-center focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ring"
            >
              <span className="grid size-14 place-items-center rounded-full bg-black/60 text-white shadow-lg ring-2 ring-white/80 transition-transform group-hover:scale-105">
                <Play aria-hidden="true" className="ml-0.5 size-6 fill-current" />
              </span>
            </button>
          )}
        </div>
      ) : (
        <div
          className={`${STAGE} grid place-content-center justify-items-center gap-3 bg-[repeating-linear-gradient(135deg,transparent_0_14px,var(--muted)_14px_15px)] p-6 text-center`}
        >
          <span className="grid size-14 place-items-center rounded-full bg-muted text-muted-foreground">
            <VideoOff aria-hidden="true" className="size-6" />
          </span>
          <p className="font-semibold text-muted-foreground">No video uploaded yet</p>
        </div>
      )}
      {clock ? (
        // The timeline's place is kept from the first paint, video or not, so nothing below it moves.
        video.isPending || videoUrl ? (
          <VideoCommentMarks clock={clock} />
        ) : (
          <div aria-hidden="true" className="h-8 border-t" />
        )
      ) : null}
      {progress?.resumedAt != null ? (
        <p role="status" className="flex flex-wrap items-center gap-x-2 border-t px-3 py-2 text-sm sm:px-5">
          <span>Resumed at {formatMinutes(progress.resumedAt)}</span>
          <span aria-hidden="true">·</span>
          <Button size="sm" variant="link" className="h-auto p-0" onClick={progress.startOver}>
            Start over
          </Button>
        </p>
      ) : null}
    </Card>
  );
}
