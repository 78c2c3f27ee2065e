import type { PoseFrame } from '@common/pose';
import { FALLBACK_FPS, rateFromFrameTimes } from './frame-rate';
import { abortError, ClipUnsupported, type PoseEstimator } from './pose-estimator';

export type ClipAnalysis = { fps: number; size: { width: number; height: number }; frames: PoseFrame[] };

type AnalyseOptions = {
  /** The video's URL (a blob: URL of the member's file, or a lesson video of this server). */
  source: string;
  /** The member's file itself, when it is one: the worker reads it directly. */
  file: Blob | null;
  duration: number;
  /** The video's size as the player shows it. */
  size: { width: number; height: number };
  estimator: PoseEstimator;
  signal: AbortSignal;
  onProgress(done: number, total: number): void;
};

/**
 * Finds the athlete in every frame of a video (issue 19 'Analyse clip'), so the member's player stays
 * where it is. The worker decodes the file in order (decode-clip.ts: every frame once, with its own
 * time); a clip it cannot decode (another container or codec, a mirrored track) is sought frame by
 * frame in a hidden video instead. Rejects with an AbortError when `signal` aborts.
 */
export async function analyseClip(options: AnalyseOptions): Promise<ClipAnalysis> {
  const frames: PoseFrame[] = [];
  try {
    const fps = await options.estimator.analyseClip(
      options.file ?? options.source,
      options.size,
      ({ frame, time, landmarks, total }) => {
        frames.push({ time, frame, landmarks });
        options.onProgress(frames.length, total);
      },
      options.signal,
    );
    return { fps, size: options.size, frames };
  } catch (error) {
    if (!(error instanceof ClipUnsupported)) throw error;
    console.info(`Clip analysis seeks frame by frame: ${error.message}`);
  }
  return analyseBySeeking(options);
}

/**
 * The clip at the video's own frame rate, in a second element playing the same file: each frame is
 * sought, copied and handed to the worker; the next frame is sought while the worker works on the last.
 */
async function analyseBySeeking(options: AnalyseOptions): Promise<ClipAnalysis> {
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
