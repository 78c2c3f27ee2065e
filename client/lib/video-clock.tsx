import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

/** A timed message shown on the video's timeline (docs/decisions.md decision 37). */
export interface VideoMark {
  id: number;
  seconds: number;
  /** Who wrote it. */
  author: string;
}

/**
 * The lesson video's clock, shared by the video card and the discussion beside it (two features that do
 * not import each other): where the video is, how long it is, a way to play it from a time, and the
 * discussion's timed messages for the timeline. A small store, so that a playing video re-renders only
 * what shows its time.
 */
export function createVideoClock() {
  let video: HTMLVideoElement | null = null;
  let marks: readonly VideoMark[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const EVENTS = ['timeupdate', 'seeked', 'seeking', 'loadedmetadata', 'durationchange', 'emptied'] as const;

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The video element to follow (null when it goes). */
    attach(el: HTMLVideoElement | null) {
      if (el === video) return;
      for (const e of EVENTS) video?.removeEventListener(e, emit);
      video = el;
      for (const e of EVENTS) video?.addEventListener(e, emit);
      emit();
    },
    /** The current time in seconds, or null when there is no video. */
    time: (): number | null => (video ? video.currentTime : null),
    /** The length in seconds, or null until it is known. */
    duration: (): number | null =>
      video && Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null,
    /** Plays the video from `seconds`, brought into view. */
    playFrom(seconds: number) {
      if (!video) return;
      video.currentTime = seconds;
      void video.play().catch(() => {
        // Playing may be refused (no gesture, a failed load): the video stays at the time, paused.
      });
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      video.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
    },
    /**
     * Puts the video at `seconds` without playing it nor scrolling to it (a notification's link to a
     * timed message, decision 59); false while there is no video yet, or its length is not known (a
     * time set before then may be lost when the video's source is set again).
     */
    seek(seconds: number): boolean {
      if (!video || video.readyState < HTMLMediaElement.HAVE_METADATA) return false;
      video.currentTime = seconds;
      return true;
    },
    marks: () => marks,
    setMarks(next: readonly VideoMark[]) {
      marks = next;
      emit();
    },
  };
}

export type VideoClock = ReturnType<typeof createVideoClock>;

const VideoClockContext = createContext<VideoClock | null>(null);

/** Gives what it holds one video clock (the lesson and spiritual pages: video and discussion). */
export function VideoClockProvider({ children }: { children: ReactNode }) {
  const [clock] = useState(createVideoClock);
  return <VideoClockContext.Provider value={clock}>{children}</VideoClockContext.Provider>;
}

/** The page's video clock, or null on a page without one (the physiological page's discussion). */
export function useVideoClock(): VideoClock | null {
  return useContext(VideoClockContext);
}

const none = () => () => {};
const nothing = () => null;

/** The video's current whole second (null: no video), re-rendering only when it changes. */
export function useVideoSecond(clock: VideoClock | null): number | null {
  return useSyncExternalStore(
    clock?.subscribe ?? none,
    () => {
      const t = clock?.time();
      return t == null ? null : Math.floor(t);
    },
    nothing,
  );
}

/** The video's current time and length (null until known), for a timeline. */
export function useVideoPosition(clock: VideoClock | null): { time: number; duration: number } | null {
  const time = useSyncExternalStore(clock?.subscribe ?? none, () => clock?.time() ?? null, nothing);
  const duration = useSyncExternalStore(clock?.subscribe ?? none, () => clock?.duration() ?? null, nothing);
  return time === null || duration === null ? null : { time, duration };
}

/** The timed messages to mark on the timeline. */
export function useVideoMarks(clock: VideoClock | null): readonly VideoMark[] {
  return useSyncExternalStore(
    clock?.subscribe ?? none,
    () => clock?.marks() ?? NO_MARKS,
    () => NO_MARKS,
  );
}
const NO_MARKS: readonly VideoMark[] = [];

/** Publishes `marks` on the clock while the caller is shown. */
export function usePublishVideoMarks(clock: VideoClock | null, marks: readonly VideoMark[]) {
  useEffect(() => {
    if (!clock) return;
    clock.setMarks(marks);
    return () => clock.setMarks(NO_MARKS);
  }, [clock, marks]);
}
