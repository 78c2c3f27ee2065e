/// <reference lib="webworker" />
// The pose model in a worker of its own (issue 19, docs/decisions.md decision 41): MediaPipe Pose 0.5
// (the `@mediapipe/pose` package, not tasks-vision, which reports usage to an outside address) runs
// here on frames the page sends (VideoFrames or ImageBitmaps), and on whole clips it decodes itself
// ('Analyse clip', decode-clip.ts), so the page never waits for it. A classic worker:
// the package loads its WebAssembly glue with importScripts. Every file comes from this server
// (pose-assets.ts); the worker fetches nothing else.
import type { PoseLandmark } from '@common/pose';
import { decodeFrames, openClip } from './demux/decode-clip';
import { blobSource, UnsupportedClip } from './demux/types';
import { rateFromFrameTimes } from './frame-rate';
import type { PoseReply, PoseRequest } from './pose-protocol';

declare const self: DedicatedWorkerGlobalScope & {
  Module?: { locateFile(name: string): string };
  createMediapipeSolutionsPackedAssets?: { locateFile(name: string): string };
  Pose?: new (config: { locateFile(name: string): string }) => MediaPipePose;
};

/** The part of the package's Pose class used here (its own typings are not imported into a worker). */
type MediaPipePose = {
  setOptions(options: Record<string, unknown>): void;
  onResults(listener: (results: { poseLandmarks?: PoseLandmark[] }) => void): void;
  initialize(): Promise<void>;
  send(inputs: { image: ImageBitmap }, timestampMs: number): Promise<void>;
  reset(): void;
  close(): Promise<void>;
};

let pose: MediaPipePose | null = null;
let latest: PoseLandmark[] | null = null;
/**
 * The model's clock must only go forward: a frame's time in its clip plus an offset that moves on
 * whenever the clip's time goes back (a seek, another clip).
 */
let offset = 0;
let lastStamp = 0;
/** Requests are handled one after the other: the package takes one frame at a time. */
let queue: Promise<void> = Promise.resolve();

const reply = (message: PoseReply) => self.postMessage(message);

function options(complexity: number) {
  return {
    modelComplexity: complexity,
    smoothLandmarks: true,
    enableSegmentation: false,
    minDetectionConfidence: 0.5,
    minTrackingConfidence: 0.5,
    // The model runs on the CPU (WebAssembly with XNNPACK): it works on every device alike, and the
    // WebGL context the package still needs is only used to take in the frame.
    useCpuInference: true,
  };
}

async function start(files: Readonly<Record<string, string>>, complexity: number) {
  const locateFile = (name: string) => {
    const url = files[name];
    if (!url) throw new Error(`The pose model asked for an unknown file: ${name}`);
    return url;
  };
  // In a worker the package hands every file it needs to importScripts, the model and its data
  // too; they are fetched later by the WebAssembly code itself. Only scripts are imported here.
  const importScripts = self.importScripts.bind(self);
  self.importScripts = (...urls: (string | URL)[]) =>
    importScripts(...urls.filter((u) => /\.js$/.test(new URL(String(u), self.location.href).pathname)));
  // The package's scripts find each other's files through one shared Emscripten module object: the
  // packed-assets loader reads it as createMediapipeSolutionsPackedAssets, the WebAssembly glue as Module.
  const module = { locateFile };
  self.Module = module;
  self.createMediapipeSolutionsPackedAssets = module;
  importScripts(locateFile('pose.js'));
  if (!self.Pose) throw new Error('The pose script did not load');
  const created = new self.Pose({ locateFile });
  created.setOptions(options(complexity));
  created.onResults((results) => {
    latest = results.poseLandmarks?.map(({ x, y, z, visibility }) => ({ x, y, z, visibility })) ?? null;
  });
  await created.initialize();
  // In a worker the package makes its WebGL context on an OffscreenCanvas but never keeps it where
  // it uploads frames from (it does on a page): give it the context it made (version 0.5.1675469404).
  const solution = (created as unknown as { h?: { K?: unknown; m?: OffscreenCanvas } }).h;
  if (solution && !solution.K && solution.m)
    solution.K = solution.m.getContext('webgl2') ?? solution.m.getContext('webgl');
  pose = created;
}

/**
 * Runs the model on one frame: scales it to `width` × `height` (here, off the page's thread: on the
 * page a scaled copy of a 720p frame takes 50–90 ms), turned `rotation` degrees clockwise first when
 * it is stored sideways, and closes it. `fresh`: look for the athlete afresh rather than track them
 * from the last frame.
 */
async function runModel(
  source: ImageBitmap | VideoFrame,
  width: number,
  height: number,
  fresh: boolean,
  timeMs: number,
  rotation: 0 | 90 | 180 | 270 = 0,
): Promise<{ landmarks: PoseLandmark[] | null; ms: number }> {
  let image = source;
  try {
    if (!pose) throw new Error('Pose has not started');
    const scaled = rotation
      ? turned(image, width, height, rotation)
      : await createImageBitmap(image, { resizeWidth: width, resizeHeight: height, resizeQuality: 'medium' });
    image.close();
    image = scaled;
    if (fresh) pose.reset();
    // Whole seconds: the same clip gives the model the same fractions of a millisecond every time,
    // and so exactly the same smoothing (an analysis done twice gives the same numbers).
    if (fresh || offset + timeMs <= lastStamp) offset = Math.ceil((lastStamp + 1000 - timeMs) / 1000) * 1000;
    lastStamp = offset + timeMs;
    latest = null;
    const t0 = performance.now();
    await pose.send({ image: scaled }, lastStamp);
    return { landmarks: latest, ms: performance.now() - t0 };
  } finally {
    image.close();
  }
}

/** `image` turned `rotation` degrees clockwise and scaled to `width` × `height` (the turned size). */
function turned(image: ImageBitmap | VideoFrame, width: number, height: number, rotation: 90 | 180 | 270) {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas in this worker');
  ctx.imageSmoothingQuality = 'medium';
  ctx.translate(width / 2, height / 2);
  ctx.rotate((rotation * Math.PI) / 180);
  // Drawn at its stored shape: a quarter turn swaps the sides.
  const [w, h] = rotation === 180 ? [width, height] : [height, width];
  ctx.drawImage(image, -w / 2, -h / 2, w, h);
  return canvas.transferToImageBitmap();
}

/** Runs `task` when the model is free: the requests before it first, one at a time. */
function withModel<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task);
  queue = run.then(
    () => {},
    () => {},
  );
  return run;
}

async function estimate(request: Extract<PoseRequest, { type: 'estimate' }>) {
  const { id, image, width, height, fresh, timeMs } = request;
  const { landmarks, ms } = await runModel(image, width, height, fresh, timeMs);
  reply({ type: 'result', id, landmarks, ms });
}

/** A clip's frame rate while it is analysed is read from this many of its first frames. */
const RATE_FRAMES = 30;

/** Analyses under way, and those of them whose 'cancel' came. */
const running = new Set<number>();
const cancelled = new Set<number>();

/**
 * The whole clip, frame by frame in order (decode-clip.ts). Each frame takes its turn at the model
 * with the page's own requests (the frame the player shows), so the player's overlay keeps up.
 */
async function analyse(request: Extract<PoseRequest, { type: 'analyse' }>) {
  const { id, clip, width, height } = request;
  let frames = 0;
  const times: number[] = [];
  let rate = 0;
  running.add(id);
  try {
    let blob = clip;
    if (typeof blob === 'string') {
      const response = await fetch(blob);
      if (!response.ok) throw new UnsupportedClip(`The clip could not be fetched (${response.status})`);
      blob = await response.blob();
    }
    const demuxer = await openClip(blobSource(blob));
    const { frameCount, durationUs, rotation } = demuxer.track;
    for await (const frame of decodeFrames(demuxer)) {
      if (cancelled.has(id)) {
        frame.close();
        break;
      }
      // A frame shown in another shape than the player's (a turn or a stretch this code does not
      // know of) would not match what the member sees: the page seeks instead.
      const aspect =
        rotation % 180 ? frame.displayHeight / frame.displayWidth : frame.displayWidth / frame.displayHeight;
      if (frames === 0 && Math.abs(aspect - width / height) > 0.02 * (width / height)) {
        frame.close();
        throw new UnsupportedClip('The decoded frames are not shown as stored');
      }
      const time = frame.timestamp / 1e6;
      const frameNumber = frames++;
      times.push(time);
      const { landmarks, ms } = await withModel(() =>
        runModel(frame, width, height, frameNumber === 0, time * 1000, rotation),
      );
      // Until the end, a clip that does not say how many frames it has is thought to go on at the rate
      // of its first second or so (read once: the whole list again at every frame would cost more).
      if (times.length <= RATE_FRAMES) rate = rateFromFrameTimes(times);
      const estimate = frameCount ?? (durationUs ? Math.round((durationUs / 1e6) * rate) : frames);
      reply({
        type: 'clip-frame',
        id,
        frame: frameNumber,
        time,
        landmarks,
        total: Math.max(frames, estimate),
        ms,
      });
    }
    if (!cancelled.has(id)) reply({ type: 'clip-done', id, fps: rateFromFrameTimes(times) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UnsupportedClip && frames === 0)
      reply({ type: 'clip-unsupported', id, reason: message });
    else reply({ type: 'error', id, message, fatal: false });
  } finally {
    running.delete(id);
    cancelled.delete(id);
  }
}

self.onmessage = (event: MessageEvent<PoseRequest>) => {
  const request = event.data;
  if (request.type === 'cancel') {
    if (running.has(request.id)) cancelled.add(request.id);
    return;
  }
  // An analysis queues each of its frames itself (withModel), so requests that come meanwhile interleave.
  if (request.type === 'analyse') {
    void analyse(request);
    return;
  }
  void withModel(async () => {
    try {
      if (request.type === 'start') {
        await start(request.files, request.complexity);
        reply({ type: 'ready' });
      } else if (request.type === 'model') {
        pose?.setOptions(options(request.complexity));
        await pose?.initialize();
        reply({ type: 'ready' });
      } else {
        await estimate(request);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      reply({
        type: 'error',
        ...(request.type === 'estimate' ? { id: request.id } : {}),
        message,
        fatal: request.type !== 'estimate',
      });
    }
  });
};
