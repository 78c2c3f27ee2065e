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
    const scale = Math.min(1, MAX_SIDE / Math.max(size.width, size.height));
    const target = {
      width: Math.max(1, Math.round(size.width * scale)),
      height: Math.max(1, Math.round(size.height * scale)),
    };
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
    if (reply.fatal) return this.fail(new PoseLoadError(reply.message));
    if (reply.id !== undefined) {
      this.waiting.get(reply.id)?.reject(new Error(reply.message));
      this.waiting.delete(reply.id);
    }
  }

  private fail(error: Error) {
    this.failure ??= error;
    this.settleReady.reject(error);
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
  }
}

function complexityOf(model: PoseModel): number {
  return POSE_MODELS.find((m) => m.id === model)!.complexity;
}
