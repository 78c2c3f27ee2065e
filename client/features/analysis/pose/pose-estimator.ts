import type { PoseLandmark } from '@common/pose';
import { POSE_FILES, POSE_MODELS, type PoseModel } from './pose-assets';
import type { PoseReply, PoseRequest } from './pose-protocol';

/** Frames are scaled down to at most this many pixels on their longer side before they go to the worker. */
const MAX_SIDE = 960;

/** Whether this browser can run the model at all (a worker, WebAssembly, an OffscreenCanvas with WebGL). */
export function poseSupported(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof WebAssembly === 'object' &&
    typeof OffscreenCanvas === 'function' &&
    typeof createImageBitmap === 'function'
  );
}

export class PoseLoadError extends Error {}

/** The worker cannot decode this clip in order (its container, codec or track matrix): seek it instead. */
export class ClipUnsupported extends Error {}

/** One analysed frame of a clip, as the worker reports it. */
export type ClipFrame = {
  frame: number;
  time: number;
  landmarks: PoseLandmark[] | null;
  /** How many frames the clip has, or an estimate until the end. */
  total: number;
};

/** The size a frame of `size` is given to the model at: at most MAX_SIDE on its longer side. */
export function modelSize(size: { width: number; height: number }) {
  const scale = Math.min(1, MAX_SIDE / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** A frame on its way to the worker, and the size the model is to see it at. */
export type Captured = { image: VideoFrame | ImageBitmap; width: number; height: number };

/**
 * The page's side of the pose worker (pose.worker.ts): starts it with a model, sends it frames and
 * gives back each frame's landmarks (null: no athlete found). One worker per player, made when the
 * member turns pose on and ended when they turn it off.
 */
export class PoseEstimator {
  private readonly worker: Worker;
  private readonly waiting = new Map<
    number,
    { resolve(l: PoseLandmark[] | null): void; reject(e: Error): void }
  >();
  private readonly clips = new Map<
    number,
    { onFrame(frame: ClipFrame): void; resolve(fps: number): void; reject(e: Error): void }
  >();
  private ready: Promise<void>;
  private settleReady!: { resolve(): void; reject(e: Error): void };
  private nextId = 1;
  private failure: Error | null = null;
  private closed = false;
  /** How long the model took for the last frame, in ms (for the benchmark). */
  lastMs = 0;

  constructor(model: PoseModel) {
    this.worker = new Worker(new URL('./pose.worker.ts', import.meta.url), { type: 'classic', name: 'pose' });
    this.ready = this.expectReady();
    this.worker.onmessage = (event: MessageEvent<PoseReply>) => this.onReply(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new PoseLoadError(event.message || 'The pose worker could not start'));
    };
    this.post({ type: 'start', files: POSE_FILES, complexity: complexityOf(model) });
  }

  /** Resolves once the model is loaded; rejects with a PoseLoadError when it could not be. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /** Loads another model; frames sent after this call use it. */
  setModel(model: PoseModel): Promise<void> {
    this.ready = this.expectReady();
    this.post({ type: 'model', complexity: complexityOf(model) });
    return this.ready;
  }

  /**
   * The landmarks of what `source` shows now. `fresh`: not the frame after the last one sent.
   * `timeMs`: the frame's time in its clip.
   */
  async estimate(
    source: HTMLVideoElement | HTMLImageElement,
    size: { width: number; height: number },
    timeMs: number,
    fresh: boolean,
  ): Promise<PoseLandmark[] | null> {
    return this.estimateImage(await this.capture(source, size), timeMs, fresh);
  }

  /**
   * A copy of what `source` shows now, handed to the worker as it is: a VideoFrame where the browser
   * has them (made in well under a millisecond; the worker scales it), else an ImageBitmap.
   */
  async capture(
    source: HTMLVideoElement | HTMLImageElement,
    size: { width: number; height: number },
  ): Promise<Captured> {
    const target = modelSize(size);
    const image =
      typeof VideoFrame === 'function'
        ? new VideoFrame(source, { timestamp: 0 })
        : await createImageBitmap(source);
    return { image, ...target };
  }

  /** The landmarks in a captured frame; the image is handed to the worker (and closed there). */
  async estimateImage(captured: Captured, timeMs: number, fresh: boolean): Promise<PoseLandmark[] | null> {
    const { image, width, height } = captured;
    try {
      await this.ready;
    } catch (error) {
      image.close();
      throw error;
    }
    if (this.closed) {
      image.close();
      throw new PoseLoadError('Pose was turned off');
    }
    const id = this.nextId++;
    const result = new Promise<PoseLandmark[] | null>((resolve, reject) =>
      this.waiting.set(id, { resolve, reject }),
    );
    this.post({ type: 'estimate', id, image, width, height, fresh, timeMs }, [image]);
    return result;
  }

  /**
   * Has the worker decode `clip` (the member's file, or a URL of this server) in order and find the
   * athlete in every frame; `onFrame` hears of each frame as it is done. Resolves with the clip's frame
   * rate; rejects with ClipUnsupported when the worker cannot decode it (nothing was reported), with an
   * AbortError when `signal` aborts.
   */
  async analyseClip(
    clip: Blob | string,
    size: { width: number; height: number },
    onFrame: (frame: ClipFrame) => void,
    signal: AbortSignal,
  ): Promise<number> {
    await this.ready;
    if (this.closed) throw new PoseLoadError('Pose was turned off');
    if (signal.aborted) throw abortError();
    const id = this.nextId++;
    const done = new Promise<number>((resolve, reject) => this.clips.set(id, { onFrame, resolve, reject }));
    const onAbort = () => {
      this.post({ type: 'cancel', id });
      this.clips.get(id)?.reject(abortError());
      this.clips.delete(id);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    // The worker resolves URLs against its own script's address: give it a whole one.
    const source = typeof clip === 'string' ? new URL(clip, location.href).href : clip;
    this.post({ type: 'analyse', id, clip: source, ...modelSize(size) });
    try {
      return await done;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.worker.terminate();
    this.fail(new PoseLoadError('Pose was turned off'));
  }

  private expectReady(): Promise<void> {
    const ready = new Promise<void>((resolve, reject) => (this.settleReady = { resolve, reject }));
    // Nobody may be waiting yet: a failure is kept (this.failure) and not reported as unhandled.
    ready.catch(() => {});
    if (this.failure) this.settleReady.reject(this.failure);
    return ready;
  }

  private post(message: PoseRequest, transfer: Transferable[] = []) {
    if (!this.closed) this.worker.postMessage(message, transfer);
  }

  private onReply(reply: PoseReply) {
    if (reply.type === 'ready') return this.settleReady.resolve();
    if (reply.type === 'result') {
      this.lastMs = reply.ms;
      this.waiting.get(reply.id)?.resolve(reply.landmarks);
      this.waiting.delete(reply.id);
      return;
    }
    if (reply.type === 'clip-frame') {
      this.lastMs = reply.ms;
      this.clips.get(reply.id)?.onFrame(reply);
      return;
    }
    if (reply.type === 'clip-done' || reply.type === 'clip-unsupported') {
      const clip = this.clips.get(reply.id);
      this.clips.delete(reply.id);
      if (reply.type === 'clip-done') clip?.resolve(reply.fps);
      else clip?.reject(new ClipUnsupported(reply.reason));
      return;
    }
    if (reply.fatal) return this.fail(new PoseLoadError(reply.message));
    if (reply.id !== undefined) {
      this.waiting.get(reply.id)?.reject(new Error(reply.message));
      this.waiting.delete(reply.id);
      this.clips.get(reply.id)?.reject(new Error(reply.message));
      this.clips.delete(reply.id);
    }
  }

  private fail(error: Error) {
    this.failure ??= error;
    this.settleReady.reject(error);
    for (const w of [...this.waiting.values(), ...this.clips.values()]) w.reject(error);
    this.waiting.clear();
    this.clips.clear();
  }
}

function complexityOf(model: PoseModel): number {
  return POSE_MODELS.find((m) => m.id === model)!.complexity;
}

/** What a cancelled clip analysis rejects with. */
export function abortError() {
  return new DOMException('The analysis was cancelled', 'AbortError');
}
