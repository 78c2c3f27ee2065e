import { useCallback, useEffect, useRef, useState } from 'react';
import type { LessonRef } from '@common/contracts/progress';
import { WATCHED_DONE_FRACTION } from '@common/contracts/progress-values';
import { toast } from '../../lib/toast';
import { useProgress } from '../../lib/progress';
import { sendLessonVisit } from './api/send-lesson-visit';
import { useSetLessonDone } from './api/set-lesson-done';
import { entryOf } from './progress-entries';

/** How often the position of a playing lesson video is saved. */
const SAVE_EVERY_MS = 15_000;
/** A position this close to the end starts the video from the beginning next time. */
const RESTART_FRACTION = 0.95;
/** Positions under this are not worth resuming (a press of play by mistake). */
const RESUME_FROM_SECONDS = 0.25;

/** Seconds of the video actually played (its `played` ranges), not where a seek took it. */
export function playedSeconds(played: TimeRanges): number {
  let total = 0;
  for (let i = 0; i < played.length; i++) total += played.end(i) - played.start(i);
  return total;
}

/**
 * The lesson video's part in progress (issue 18): it resumes where the member stopped, its position is
 * saved while it plays, on pause and when the page is left, and the lesson is marked done once 90 % of
 * it has been played. Returns the props for the <video> and what the 'Resumed at' line needs.
 */
export function useLessonVideoProgress(lesson: LessonRef) {
  const progress = useProgress();
  const setDone = useSetLessonDone(lesson);
  const entry = entryOf(progress.data, lesson);
  const video = useRef<HTMLVideoElement | null>(null);
  const [ready, setReady] = useState(false);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const resumeTried = useRef(false);
  const autoDone = useRef(false);
  const lastSaved = useRef(0);
  const doneRef = useRef(false);
  doneRef.current = Boolean(entry?.doneAt);

  const save = useCallback(() => {
    const v = video.current;
    if (!v || !Number.isFinite(v.currentTime) || v.played.length === 0) return;
    lastSaved.current = Date.now();
    void sendLessonVisit(lesson, Math.max(0, v.currentTime));
  }, [lesson]);

  // Resume once, when both the video's length and the saved position are known.
  useEffect(() => {
    const v = video.current;
    if (resumeTried.current || !ready || !v || entry === undefined) return;
    resumeTried.current = true;
    const at = entry?.positionSeconds ?? null;
    if (at === null || at < RESUME_FROM_SECONDS || !Number.isFinite(v.duration)) return;
    if (at >= v.duration * RESTART_FRACTION || v.currentTime > 0) return;
    v.currentTime = at;
    setResumedAt(at);
  }, [ready, entry]);

  // The position when the page is hidden or left, and when the lesson page goes away.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onHide);
      save();
    };
  }, [save]);

  const videoProps = {
    ref: (el: HTMLVideoElement | null) => {
      video.current = el;
    },
    onLoadedMetadata: () => setReady(true),
    onPause: save,
    onEnded: save,
    onTimeUpdate: (event: React.SyntheticEvent<HTMLVideoElement>) => {
      const v = event.currentTarget;
      if (!v.paused && Date.now() - lastSaved.current >= SAVE_EVERY_MS) save();
      if (autoDone.current || doneRef.current || !Number.isFinite(v.duration) || v.duration <= 0) return;
      if (playedSeconds(v.played) >= v.duration * WATCHED_DONE_FRACTION) {
        autoDone.current = true;
        setDone.mutate(true, {
          onSuccess: () => toast({ title: 'Lesson done', description: 'You watched 90 % of the video.' }),
        });
      }
    },
  };

  const startOver = () => {
    const v = video.current;
    if (!v) return;
    v.currentTime = 0;
    setResumedAt(null);
    save();
  };

  return { videoProps, resumedAt, startOver };
}

export type LessonVideoProgress = ReturnType<typeof useLessonVideoProgress>;
