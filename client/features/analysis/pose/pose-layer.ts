import { JOINTS, jointAngles, type JointId, type PoseLandmark } from '@common/pose';
import type { LoadedMedia } from '../engine/loaded-media';
import { analyseClip, type ClipAnalysis } from './clip-analysis';
import { lastAtOrBefore } from './compare-series';
import type { PoseOverlay } from './draw-pose';
import type { PoseModel } from './pose-assets';
import { PoseEstimator, poseSupported } from './pose-estimator';

export const POSE_LOAD_FAILED = 'The pose model could not be loaded. The rest of the tool still works.';
export const POSE_UNSUPPORTED = 'Pose needs a browser with WebAssembly and OffscreenCanvas.';
export const NO_ATHLETE = 'No athlete found in this frame';

export type AnalysisRun =
  | { status: 'idle' }
  | { status: 'running'; done: number; total: number }
  | { status: 'done'; result: ClipAnalysis }
  | { status: 'failed'; message: string };

/** What the pose controls show (React reads it through subscribe/getState). */
export type PoseState = {
  status: 'off' | 'loading' | 'ready' | 'failed';
  model: PoseModel;
  /** Why pose is not working (status 'failed'). */
  message: string | null;
  /** Whether the shown frame has an athlete in it; null until the model has looked. */
  athlete: boolean | null;
  /** The shown frame's joint angles in degrees (null: a joint the model does not see). */
  angles: Readonly<Record<JointId, number | null>> | null;
  run: AnalysisRun;
};

/** Pose off: what a player shows before the member turns it on. */
export const POSE_OFF: PoseState = {
  status: 'off',
  model: 'lite',
  message: null,
  athlete: null,
  angles: null,
  run: { status: 'idle' },
};

/** What the layer needs of its engine. */
export type PoseHost = { media(): LoadedMedia | null; duration(): number; invalidate(): void };

/**
 * Pose on one player (issue 19, docs/decisions.md decision 41): while on, every frame the player
 * shows is sent to the pose worker (the newest one when the worker is busy) and the skeleton of the
 * answer is drawn over it; 'Analyse clip' runs the whole clip; after it, playback draws each frame's
 * own analysed skeleton. Nothing here leaves the device.
 */
export class PoseLayer {
  private state: PoseState = POSE_OFF;
  private readonly listeners = new Set<() => void>();
  private estimator: PoseEstimator | null = null;
  private shown: (PoseOverlay & { time: number }) | null = null;
  private busy = false;
  private again = false;
  /** The analysed frames' times, for finding the one the player shows. */
  private analysedTimes: number[] = [];
  private lastTime = -1;
  private abort: AbortController | null = null;

  constructor(private readonly host: PoseHost) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): PoseState => this.state;

  /** Turns pose on with `model` (downloads it the first time), or off. */
  async setOn(on: boolean) {
    if (!on) return this.turnOff();
    if (this.state.status !== 'off' && this.state.status !== 'failed') return;
    if (!poseSupported()) return this.set({ status: 'failed', message: POSE_UNSUPPORTED });
    const estimator = new PoseEstimator(this.state.model);
    this.estimator = estimator;
    this.set({ status: 'loading', message: null });
    try {
      await estimator.whenReady();
      if (this.estimator !== estimator) return;
      this.set({ status: 'ready' });
      this.frameShown();
    } catch (error) {
      if (this.estimator !== estimator) return;
      console.error('Pose could not start', error);
      estimator.close();
      this.estimator = null;
      this.set({ status: 'failed', message: POSE_LOAD_FAILED });
    }
  }

  /** Chooses the landmark model (lite, full, heavy); takes effect at once when pose is on. */
  async setModel(model: PoseModel) {
    if (model === this.state.model) return;
    this.set({ model });
    const estimator = this.estimator;
    if (!estimator) return;
    this.cancelAnalysis();
    this.set({ status: 'loading', run: { status: 'idle' } });
    try {
      await estimator.setModel(model);
      if (this.estimator !== estimator) return;
      this.set({ status: 'ready' });
      this.lastTime = -1;
      this.frameShown();
    } catch (error) {
      if (this.estimator !== estimator) return;
      console.error('Pose model could not be loaded', error);
      this.turnOff();
      this.set({ status: 'failed', message: POSE_LOAD_FAILED });
    }
  }

  /** The player shows a new frame (played, sought, stepped or loaded). */
  frameShown() {
    if (this.state.status !== 'ready' || this.state.run.status === 'running') return;
    const analysed = this.analysedFrame();
    if (analysed !== undefined) return this.show(analysed, this.host.media()?.currentTime ?? 0);
    if (this.busy) {
      this.again = true;
      return;
    }
    void this.estimateShown();
  }

  /** Another file was loaded: what was found in the last one is forgotten. */
  mediaChanged() {
    this.cancelAnalysis();
    this.shown = null;
    this.lastTime = -1;
    this.set({ athlete: null, angles: null, run: { status: 'idle' } });
  }

  /** The skeleton to draw over the shown frame, if pose is on and found one. */
  overlay(): PoseOverlay | null {
    if (this.state.status !== 'ready' || !this.shown) return null;
    return this.shown;
  }

  /**
   * The analysed skeleton of the frame shown at `time` (a posted clip draws each frame's own,
   * decision 51); null when pose is off or the clip has not been analysed.
   */
  overlayAt(time: number): PoseOverlay | null {
    const run = this.state.run;
    if (this.state.status !== 'ready' || run.status !== 'done') return null;
    if (this.analysedTimes.length !== run.result.frames.length)
      this.analysedTimes = run.result.frames.map((f) => f.time);
    const landmarks =
      run.result.frames[Math.max(0, lastAtOrBefore(this.analysedTimes, time + 0.001))]?.landmarks;
    return landmarks ? { landmarks, size: run.result.size } : null;
  }

  /**
   * The shown frame's joint angles as posted with a frame ('Left knee' 106.4, one decimal): what the
   * member sees beside the player; none while pose is off or no athlete is found.
   */
  angleValues(): { label: string; degrees: number }[] {
    const angles = this.overlay() ? this.state.angles : null;
    if (!angles) return [];
    return JOINTS.flatMap((j) => {
      const degrees = angles[j.id];
      return degrees === null ? [] : [{ label: j.label, degrees: Math.round(degrees * 10) / 10 }];
    });
  }

  /** Runs the model over the whole clip (a video only); the result stays until another file is loaded. */
  async analyse() {
    const media = this.host.media();
    const estimator = this.estimator;
    const duration = this.host.duration();
    const size = media?.size;
    if (!media?.video || !size || !estimator || this.state.status !== 'ready' || duration <= 0) return;
    this.cancelAnalysis();
    const abort = new AbortController();
    this.abort = abort;
    this.set({ run: { status: 'running', done: 0, total: 0 } });
    try {
      const result = await analyseClip({
        source: media.source,
        file: media.file,
        duration,
        size,
        estimator,
        signal: abort.signal,
        onProgress: (done, total) => {
          if (this.abort === abort) this.set({ run: { status: 'running', done, total } });
        },
      });
      if (this.abort !== abort) return;
      this.set({ run: { status: 'done', result } });
      this.lastTime = -1;
      this.frameShown();
    } catch (error) {
      if (this.abort !== abort) return;
      if (error instanceof DOMException && error.name === 'AbortError') {
        this.set({ run: { status: 'idle' } });
      } else {
        console.error('Clip analysis failed', error);
        this.set({
          run: { status: 'failed', message: 'The clip could not be analysed. Try again, or another file.' },
        });
      }
    } finally {
      if (this.abort === abort) this.abort = null;
    }
  }

  /** Stops an analysis under way; what it found so far is dropped. */
  cancelAnalysis() {
    if (!this.abort) return;
    this.abort.abort();
    this.abort = null;
    this.set({ run: { status: 'idle' } });
  }

  destroy() {
    this.turnOff();
    this.listeners.clear();
  }

  private turnOff() {
    this.cancelAnalysis();
    this.estimator?.close();
    this.estimator = null;
    this.shown = null;
    this.lastTime = -1;
    this.set({ ...POSE_OFF, model: this.state.model });
    this.host.invalidate();
  }

  /** The analysed frame at the player's time: undefined when the clip has not been analysed. */
  private analysedFrame(): readonly PoseLandmark[] | null | undefined {
    const run = this.state.run;
    const media = this.host.media();
    if (run.status !== 'done' || !media?.video) return undefined;
    // The last frame that starts by the player's time (a millisecond early counts: that time is
    // rounded); a clip decoded in order keeps the file's own frame times, even or not.
    if (this.analysedTimes.length !== run.result.frames.length)
      this.analysedTimes = run.result.frames.map((f) => f.time);
    const index = Math.max(0, lastAtOrBefore(this.analysedTimes, media.currentTime + 0.001));
    return run.result.frames[index]?.landmarks ?? null;
  }

  private async estimateShown() {
    const media = this.host.media();
    const size = media?.size;
    const estimator = this.estimator;
    if (!media || !size || !estimator) return;
    this.busy = true;
    const time = media.currentTime;
    // Forward by a little: the model tracks the athlete from the last frame; else it looks afresh.
    const fresh = media.type === 'image' || !(time > this.lastTime && time - this.lastTime < 0.5);
    try {
      const landmarks = await estimator.estimate(media.element, size, time * 1000, fresh);
      if (this.estimator !== estimator || this.host.media() !== media) return;
      this.lastTime = time;
      this.show(landmarks, time);
    } catch (error) {
      if (this.estimator === estimator) console.error('Pose estimation failed', error);
    } finally {
      this.busy = false;
      if (this.again) {
        this.again = false;
        this.frameShown();
      }
    }
  }

  private show(landmarks: readonly PoseLandmark[] | null, time: number) {
    const size = this.host.media()?.size;
    if (!size) return;
    this.shown = landmarks ? { landmarks, size, time } : null;
    const angles = jointAngles(landmarks, size);
    this.set({
      athlete: landmarks !== null,
      angles: landmarks
        ? (Object.fromEntries(Object.entries(angles).map(([id, a]) => [id, a.degrees])) as Record<
            JointId,
            number | null
          >)
        : null,
    });
    this.host.invalidate();
  }

  private set(patch: Partial<PoseState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
