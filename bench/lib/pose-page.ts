// The page's side of bench/pose.ts, bundled into one script and run in the app's own page: makes the
// clip, measures the plain decode-and-draw baseline, and watches 'Analyse clip' (its time, its frame
// count, the page's long tasks and event-loop delays).
import { decodeFrames, openClip } from '../../client/features/analysis/pose/demux/decode-clip';
import { blobSource } from '../../client/features/analysis/pose/demux/types';
import { writeWebm, type EncodedFrame } from '../../common/webm-writer';

export type ClipOptions = {
  /** The photo, a JPEG in base64. */
  jpeg: string;
  seconds: number;
  fps: number;
  width: number;
  height: number;
  /** A key frame every this many frames. */
  keyEvery: number;
};
export type Baseline = { frames: number; ms: number };
export type Analysis = {
  ms: number;
  /** The m of the progress text's 'Frame n of m'. */
  total: number;
  /** Long tasks (over 50 ms, as the browser reports them) from the click to half a second after the end. */
  longTasks: number[];
  /** When each of those began, in ms from the click. */
  longTaskAt: number[];
  /** Over the same time, the longest a 10 ms timer fired late, and the longest gap between animation frames. */
  timerLateMs: number;
  /** When the timer was that late, in ms from the click. */
  timerLateAt: number;
  frameGapMs: number;
  /** How long the model took for each frame in its worker, as the worker reports it. */
  modelMs: number[];
};

let clip: Blob | null = null;

/**
 * A clip of the photo slowly zoomed and panned, encoded with WebCodecs (VP8) as fast as the encoder
 * goes and written as WebM; kept in the page for the baseline, and returned in base64.
 */
async function makeClip(o: ClipOptions): Promise<{ base64: string; bytes: number }> {
  const jpeg = Uint8Array.from(atob(o.jpeg), (c) => c.charCodeAt(0));
  const photo = await createImageBitmap(new Blob([jpeg], { type: 'image/jpeg' }));
  const canvas = new OffscreenCanvas(o.width, o.height);
  const ctx = canvas.getContext('2d')!;
  const frames: EncodedFrame[] = [];
  let failure: unknown = null;
  const encoder = new VideoEncoder({
    output: (chunk) => {
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      frames.push({ timestampUs: chunk.timestamp, key: chunk.type === 'key', data });
    },
    error: (e) => (failure = e),
  });
  encoder.configure({
    codec: 'vp8',
    width: o.width,
    height: o.height,
    framerate: o.fps,
    bitrate: 5_000_000,
  });
  const count = Math.round(o.seconds * o.fps);
  // The widest part of the photo at the clip's aspect ratio, its bottom edge (the feet) kept in view,
  // zoomed in 10 % and panned a little to the left over the clip.
  const aspect = o.width / o.height;
  const baseW = Math.min(photo.width, photo.height * aspect);
  for (let i = 0; i < count; i++) {
    const t = i / Math.max(1, count - 1);
    const w = baseW / (1 + 0.1 * t);
    const h = w / aspect;
    const cx = photo.width / 2 - 0.05 * photo.width * t;
    const sx = Math.min(Math.max(0, cx - w / 2), photo.width - w);
    ctx.drawImage(photo, sx, photo.height - h, w, h, 0, 0, o.width, o.height);
    const frame = new VideoFrame(canvas, {
      timestamp: Math.round((i * 1e6) / o.fps),
      duration: Math.round(1e6 / o.fps),
    });
    encoder.encode(frame, { keyFrame: i % o.keyEvery === 0 });
    frame.close();
    while (encoder.encodeQueueSize > 4)
      await new Promise((r) => encoder.addEventListener('dequeue', r, { once: true }));
  }
  await encoder.flush();
  encoder.close();
  if (failure) throw failure;
  const webm = writeWebm({
    codec: 'V_VP8',
    width: o.width,
    height: o.height,
    frames,
    lastFrameUs: 1e6 / o.fps,
    app: 'tribe36-bench',
  });
  clip = new Blob([webm as Uint8Array<ArrayBuffer>], { type: 'video/webm' });
  const url = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsDataURL(clip!);
  });
  return { base64: url.slice(url.indexOf(',') + 1), bytes: webm.length };
}

/**
 * The plain decode-and-draw rate of the clip, the way 'Analyse clip' reads it
 * (client/features/analysis/pose/demux/decode-clip.ts: demuxed and decoded in order with WebCodecs),
 * each frame drawn into a canvas of the clip's size and one pixel read back so that the drawing is
 * really done. Here on the page; the app does it in its pose worker.
 */
async function baseline(): Promise<Baseline> {
  if (!clip) throw new Error('makeClip first');
  const t0 = performance.now();
  const demuxer = await openClip(blobSource(clip));
  const canvas = document.createElement('canvas');
  canvas.width = demuxer.track.config.codedWidth!;
  canvas.height = demuxer.track.config.codedHeight!;
  const ctx = canvas.getContext('2d')!;
  let frames = 0;
  for await (const frame of decodeFrames(demuxer)) {
    ctx.drawImage(frame, 0, 0, canvas.width, canvas.height);
    frame.close();
    ctx.getImageData(0, 0, 1, 1);
    frames++;
  }
  return { frames, ms: performance.now() - t0 };
}

/**
 * The same, for a browser where the app cannot decode the clip in order and seeks it instead
 * (clip-analysis.ts analyseBySeeking): the clip in a video element of its own, the middle of each
 * frame sought, then drawn.
 */
async function seekBaseline(fps: number): Promise<Baseline> {
  if (!clip) throw new Error('makeClip first');
  const url = URL.createObjectURL(clip);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  const once = (name: string) =>
    new Promise<void>((resolve, reject) => {
      video.addEventListener(name, () => resolve(), { once: true });
      video.addEventListener('error', () => reject(new Error('the clip could not be read')), { once: true });
    });
  try {
    const loaded = once('loadeddata');
    video.src = url;
    await loaded;
    const duration = video.duration;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const ctx = canvas.getContext('2d')!;
    const total = Math.max(1, Math.floor(duration * fps + 1e-6));
    const t0 = performance.now();
    for (let i = 0; i < total; i++) {
      const sought = once('seeked');
      video.currentTime = Math.min((i + 0.5) / fps, duration);
      await sought;
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      ctx.getImageData(0, 0, 1, 1);
    }
    return { frames: total, ms: performance.now() - t0 };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

let modelMs: number[] = [];

/**
 * Listens to every worker made from now on for the pose worker's results ({ type: 'result' or
 * 'clip-frame', ms }),
 * keeping the model's time for each frame; called before Pose is turned on.
 */
function timeModel() {
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener('message', (event: MessageEvent<{ type?: string; ms?: number }>) => {
        const type = event.data?.type;
        if ((type === 'result' || type === 'clip-frame') && typeof event.data.ms === 'number')
          modelMs.push(event.data.ms);
      });
    }
  };
}

let watching: Promise<Analysis> | null = null;

/**
 * Starts watching a player's 'Pose' section: from the click on 'Analyse clip'
 * until 'Analyse clip again' appears. `analysis()` gives the figures.
 */
function watchAnalysis(section: Element, timeoutMs: number) {
  let clickedAt = -1;
  let total = 0;
  const longTasks: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask', buffered: true });
  let timerLate = 0;
  let timerLateAt = 0;
  let frameGap = 0;
  let probing = true;
  const schedule = () => {
    const expected = performance.now() + 10;
    setTimeout(() => {
      const late = performance.now() - expected;
      if (late > timerLate) {
        timerLate = late;
        timerLateAt = expected - clickedAt;
      }
      if (probing) schedule();
    }, 10);
  };
  schedule();
  let lastFrame = performance.now();
  const frame = (now: number) => {
    frameGap = Math.max(frameGap, now - lastFrame);
    lastFrame = now;
    if (probing) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const onClick = (event: Event) => {
    const button = (event.target as Element).closest('button');
    if (clickedAt < 0 && button?.textContent?.trim() === 'Analyse clip') {
      clickedAt = performance.now();
      modelMs = [];
      // The probes count from the click.
      timerLate = 0;
      frameGap = 0;
      lastFrame = clickedAt;
    }
  };
  document.addEventListener('click', onClick, true);

  watching = new Promise<Analysis>((resolve, reject) => {
    const stop = () => {
      probing = false;
      mutations.disconnect();
      observer.disconnect();
      document.removeEventListener('click', onClick, true);
      clearTimeout(deadline);
    };
    let ended = false;
    const check = async () => {
      const progress = /Frame \d+ of (\d+)/.exec(section.textContent ?? '');
      if (progress) total = Number(progress[1]);
      const alert = section.querySelector('[role="alert"]');
      if (alert) {
        stop();
        reject(new Error(`the analysis failed: ${alert.textContent}`));
      }
      const again = [...section.querySelectorAll('button')].some(
        (b) => b.textContent?.trim() === 'Analyse clip again',
      );
      if (again && clickedAt >= 0 && !ended) {
        ended = true;
        const ms = performance.now() - clickedAt;
        mutations.disconnect();
        // The chart is drawn next: its tasks count too, for another half second.
        await new Promise((r) => setTimeout(r, 500));
        longTasks.push(...observer.takeRecords());
        stop();
        resolve({
          ms,
          total,
          longTasks: longTasks.filter((e) => e.startTime + e.duration > clickedAt).map((e) => e.duration),
          longTaskAt: longTasks
            .filter((e) => e.startTime + e.duration > clickedAt)
            .map((e) => e.startTime - clickedAt),
          timerLateMs: timerLate,
          timerLateAt,
          frameGapMs: frameGap,
          modelMs,
        });
      }
    };
    const mutations = new MutationObserver(() => void check());
    mutations.observe(section, { subtree: true, childList: true, characterData: true });
    const deadline = setTimeout(() => {
      stop();
      reject(new Error(`the analysis did not end within ${timeoutMs / 1000} s`));
    }, timeoutMs);
  });
}

function analysis(): Promise<Analysis> {
  if (!watching) throw new Error('watchAnalysis first');
  return watching;
}

Object.assign(window, {
  poseBench: { makeClip, baseline, seekBaseline, timeModel, watchAnalysis, analysis },
});
