import type { PoseFrame } from '@common/pose';
import type { PoseEstimator } from './pose-estimator';

/** Used when the video's own rate cannot be measured. */
const FALLBACK_FPS = 30;
/** Frame rates cameras record at. */
const STANDARD_RATES = [
  10, 12, 12.5, 15, 23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60, 90, 100, 119.88, 120, 240,
];

export type ClipAnalysis = { fps: number; size: { width: number; height: number }; frames: PoseFrame[] };

/**
 * Finds the athlete in every frame of a video (issue 19 'Analyse clip'), at the video's own frame
 * rate, in a second element playing the same file, so the member's player stays where it is. Each
 * frame is sought, copied and handed to the worker; the next frame is sought while the worker works
 * on the last. Rejects with an AbortError when `signal` aborts.
 */
export async function analyseClip(options: {
  source: string;
  duration: number;
  estimator: PoseEstimator;
  signal: AbortSignal;
  onProgress(done: number, total: number): void;
}): Promise<ClipAnalysis> {
  const { estimator, signal } = options;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  // A lesson video from this server is read with CORS like the player's own (loaded-media.ts).
  if (!options.source.startsWith('blob:')) video.crossOrigin = 'anonymous';
  video.src = options.source;
  try {
    await event(video, 'loadeddata', signal);
    const size = { width: video.videoWidth, height: video.videoHeight };
    const fps = await measureFps(video, signal);
    // Rounded, not floored: a rate read a little low (29.97 for 30) must not lose the last frame.
    const total = Math.max(1, Math.round(options.duration * fps));
    const frames: PoseFrame[] = [];
    let previous: Promise<void> | null = null;
    for (let i = 0; i < total; i++) {
      if (signal.aborted) throw abortError();
      // The middle of the frame: never the boundary with the one before.
      await seek(video, Math.min((i + 0.5) / fps, options.duration - 0.001), signal);
      const image = await estimator.capture(video, size);
      const time = i / fps;
      const result = estimator.estimateImage(image, time * 1000, i === 0).then((landmarks) => {
        frames.push({ time, frame: i, landmarks });
        options.onProgress(frames.length, total);
      });
      await previous;
      previous = result;
    }
    await previous;
    if (signal.aborted) throw abortError();
    return { fps, size, frames };
  } finally {
    video.removeAttribute('src');
    video.load();
  }
}

/**
 * A video's frame rate from the times of frames it presented in a row (seconds). The times come
 * rounded (to the millisecond in Chromium): the rate is read over the whole run, a skipped frame
 * counted as the frames it skipped, then put on the nearest standard rate when within 0.5 %.
 */
export function rateFromFrameTimes(times: readonly number[]): number {
  const steps = times
    .slice(1)
    .map((t, i) => t - times[i]!)
    .filter((d) => d > 0.001);
  if (steps.length < 3) return FALLBACK_FPS;
  const median = [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)]!;
  const frames = steps.reduce((n, d) => n + Math.max(1, Math.round(d / median)), 0);
  const fps = frames / steps.reduce((a, b) => a + b, 0);
  if (!Number.isFinite(fps) || fps < 1 || fps > 240) return FALLBACK_FPS;
  const nearest = STANDARD_RATES.reduce((a, b) => (Math.abs(fps - b) < Math.abs(fps - a) ? b : a));
  return Math.abs(fps - nearest) / nearest < 0.005 ? nearest : Math.round(fps * 100) / 100;
}

/** The video's frame rate, from the times of the frames it presents while it plays (muted) a moment. */
async function measureFps(video: HTMLVideoElement, signal: AbortSignal): Promise<number> {
  const v = video as HTMLVideoElement & {
    requestVideoFrameCallback?: (cb: (now: number, meta: { mediaTime: number }) => void) => number;
  };
  if (!v.requestVideoFrameCallback) return FALLBACK_FPS;
  const times: number[] = [];
  const done = new Promise<void>((resolve) => {
    const onFrame = (_: number, meta: { mediaTime: number }) => {
      times.push(meta.mediaTime);
      if (times.length >= 24 || v.ended || signal.aborted) resolve();
      else v.requestVideoFrameCallback!(onFrame);
    };
    v.requestVideoFrameCallback!(onFrame);
    v.addEventListener('ended', () => resolve(), { once: true });
    setTimeout(resolve, 2000);
  });
  await v.play().catch(() => {});
  await done;
  v.pause();
  if (signal.aborted) throw abortError();
  return rateFromFrameTimes(times);
}

function seek(video: HTMLVideoElement, time: number, signal: AbortSignal): Promise<void> {
  const done = event(video, 'seeked', signal);
  video.currentTime = time;
  return done;
}

function event(target: HTMLVideoElement, name: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      target.removeEventListener(name, onEvent);
      target.removeEventListener('error', onError);
      reject(abortError());
    };
    const onEvent = () => {
      signal.removeEventListener('abort', onAbort);
      target.removeEventListener('error', onError);
      resolve();
    };
    const onError = () => {
      signal.removeEventListener('abort', onAbort);
      target.removeEventListener(name, onEvent);
      reject(new Error('The video could not be read'));
    };
    if (signal.aborted) return reject(abortError());
    target.addEventListener(name, onEvent, { once: true });
    target.addEventListener('error', onError, { once: true });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError() {
  return new DOMException('The analysis was cancelled', 'AbortError');
}
