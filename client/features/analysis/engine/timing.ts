// Real time from a video's frames (issue 33, part 2; docs/decisions.md decision 62).
//
// A slow-motion clip is recorded at one rate (its capture rate, e.g. 240 fps) and saved at another (its
// file rate, e.g. 30 fps): every second of the file then shows 1/8 s of the real movement. Everything a
// member reads as a time (the timeline, frame steps, the angle chart, the CSV, Sync offsets, stopwatches)
// is real time. It is counted in whole frames and divided by the capture rate, so that 240 frames of a
// 240 fps capture are exactly 1.000 s, whatever rounding the media times carry.

/** The capture rates the setting offers (a member may also type another). */
export const CAPTURE_RATES = [30, 60, 120, 240, 480, 960] as const;
/** The lowest and highest capture rate a member may type. */
export const MIN_CAPTURE_FPS = 1;
export const MAX_CAPTURE_FPS = 10000;

/**
 * A player's timing: `fileFps`, the rate its frames are stored at (from the file, else measured while it
 * plays, else 30); `captureFps`, the rate they were recorded at (equal to `fileFps` for a clip that is
 * not slow motion).
 */
export type Timing = { fileFps: number; captureFps: number };

/** The frame a media time falls in (frame 0 starts at 0 s). */
export function frameAt(mediaSeconds: number, fileFps: number): number {
  if (!Number.isFinite(mediaSeconds) || mediaSeconds <= 0) return 0;
  return Math.floor(mediaSeconds * fileFps + 1e-6);
}

/** The media time a seek aims at to show frame `frame`: its middle, so rounding never lands on the one before. */
export function mediaTimeOfFrame(frame: number, fileFps: number): number {
  return (Math.max(0, frame) + 0.5) / fileFps;
}

/** How many times slower than life the file plays: 8 for 240 fps saved at 30 fps; 1 for a normal clip. */
export function slowMotionFactor(timing: Timing): number {
  return timing.captureFps / timing.fileFps;
}

/** Real seconds of `frames` frames. */
export function realSecondsOfFrames(frames: number, timing: Timing): number {
  return frames / timing.captureFps;
}

/** The real time at a media time, counted in whole frames: frame n starts at n / captureFps. */
export function realTimeAt(mediaSeconds: number, timing: Timing): number {
  return realSecondsOfFrames(frameAt(mediaSeconds, timing.fileFps), timing);
}

/** A real duration (not frame-aligned: a media length, a Sync offset) in real seconds. */
export function realSeconds(mediaSeconds: number, timing: Timing): number {
  return (mediaSeconds * timing.fileFps) / timing.captureFps;
}

/** The media time of a real time (for a seek typed or synced in real time). */
export function mediaSecondsOf(realSeconds: number, timing: Timing): number {
  return (realSeconds * timing.captureFps) / timing.fileFps;
}

/** A real duration to the millisecond: 1 → '1.000 s'. */
export function formatSeconds(seconds: number): string {
  const safe = Number.isFinite(seconds) ? seconds : 0;
  return `${(Math.round(safe * 1000) / 1000).toFixed(3)} s`;
}

/** Whether a typed capture rate is one the player accepts. */
export function isCaptureRate(fps: number): boolean {
  return Number.isFinite(fps) && fps >= MIN_CAPTURE_FPS && fps <= MAX_CAPTURE_FPS;
}
