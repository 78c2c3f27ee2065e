import { ANGLE_BANNER_MS } from '@common/constants';
import { MIN_VISIBILITY } from '@common/pose';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  angleBannerText,
  makeView,
  mediaToScreen,
  panBy,
  screenToMedia,
  zoomAbout,
  type Point,
  type ViewTransform,
} from '@common/geometry';
import {
  DEFAULT_FPS,
  DEFAULT_SPEED,
  TOOL_COLORS,
  type Annotation,
  type Pending,
  type Speed,
  type Tool,
} from './annotations';
import type { ClipMaker } from '../../../lib/attempts';
import { AnnotationTiles } from './annotation-tiles';
import { angleBandHeight, angleValues, drawAngleBand, type AngleValue } from './export-frame';
import { describeAnnotations } from './describe-annotations';
import { LoadedMedia, mediaTypeOf, type MediaType } from './loaded-media';
import { clampOpacity } from './overlay';
import { PointerGestures, type GestureHandlers } from './pointer-gestures';
import { PoseLayer } from '../pose/pose-layer';
import { renderScene, type Scene } from './render';
import { Stage } from './stage';
import { readVideoTiming, readVideoTimingAt, type FileTiming } from './read-timing';
import { stopwatchUnder } from './draw-shapes';
import { measurementsCsv } from './measurements-csv';
import { frameAt, isCaptureRate, mediaSecondsOf, mediaTimeOfFrame, realSeconds, type Timing } from './timing';
import { formatLength, metresPerPixel, type Calibration } from './units';
import { keyTool, moveTool, pressTool, releaseTool, type KeyStep, type Reference } from './tool-gestures';
import {
  finishTrajectory,
  jointLabel,
  trajectoryFromPose,
  trajectoryStep,
  type FollowJoint,
} from './trajectory';

/** The little that React shows; everything else (pointer, pan, live shapes) stays in the engine. */
export type EngineState = {
  tool: Tool;
  zoom: number;
  mediaType: MediaType | null;
  mediaName: string | null;
  playing: boolean;
  time: number;
  duration: number;
  speed: Speed;
  /**
   * The file's frame rate and the rate it was captured at (issue 33, timing.ts): every time the member
   * reads is real time. Until known, 30 and 30.
   */
  timing: Timing;
  /** Where the capture rate came from: the file's own metadata, the member, or neither (as recorded = file rate). */
  captureSource: 'file' | 'member' | null;
  /**
   * What the member's file itself says (read-timing.ts): its frame rate and capture rate, each null when
   * it does not say; null until read (and for an image). "As recorded" is its
   * captureFps, else its fileFps.
   */
  fileTiming: FileTiming | null;
  /** The reference line and its real length (issue 33, units.ts); null until the member calibrates. */
  calibration: Calibration | null;
  /** A reference line just drawn with the Calibrate tool, waiting for its real length (a dialog asks). */
  reference: Reference | null;
  /** Points of the trajectory under way (0: none), which its Finish button and status show. */
  trajectoryPoints: number;
  /** Whether a stopwatch is running (its Stop button shows). */
  stopwatchRunning: boolean;
  annotationCount: number;
  /** Each annotation as text, in order: 'Line 1: 142 px', 'Angle 1: 90.0°' (for screen readers). */
  annotationTexts: readonly string[];
  /** 'Measured Angle: 90.0°' for 3 s after a measurement. */
  banner: string | null;
  /**
   * What a screen reader should say after a keyboard step or a saved drawing ('Vertex set',
   * 'Line 1: 142 px'); a new id each time, so that the same words are said again.
   */
  announcement: { text: string; id: number } | null;
};

/** The state of an engine with nothing loaded (also what React shows before one is mounted). */
export const IDLE_STATE: EngineState = {
  tool: 'none',
  zoom: 1,
  mediaType: null,
  mediaName: null,
  playing: false,
  time: 0,
  duration: 0,
  speed: DEFAULT_SPEED,
  timing: { fileFps: DEFAULT_FPS, captureFps: DEFAULT_FPS },
  captureSource: null,
  fileTiming: null,
  calibration: null,
  reference: null,
  trajectoryPoints: 0,
  stopwatchRunning: false,
  annotationCount: 0,
  annotationTexts: [],
  banner: null,
  announcement: null,
};

/** A playback command a member gave this player; the Sync switch replays it on the other one. */
export type Control =
  | { kind: 'play' }
  | { kind: 'pause' }
  | { kind: 'speed'; speed: Speed }
  | { kind: 'seek'; time: number }
  | { kind: 'step'; frames: number };

/** Commands from the Sync switch pass `{ echo: false }` so they are not sent back. */
type ControlOptions = { echo?: boolean };

const ZOOM_STEP = 1.5;
/** A posted clip is drawn at 1.6 × the logical canvas: 1280 × 640. */
const CLIP_SCALE = 1.6;
const TOOL_NAMES = {
  draw: 'Draw',
  line: 'Line',
  angle: 'Angle',
  stopwatch: 'Stopwatch',
  trajectory: 'Trajectory',
  calibrate: 'Calibrate',
} as const;
const CANVAS_CENTRE: Point = { x: CANVAS_WIDTH / 2, y: CANVAS_HEIGHT / 2 };
/** Shapes under way that a pinch or a cancelled pointer keeps: an angle's fixed arm, a trajectory. */
const KEPT_PENDING = new Set(['angle-arm2', 'trajectory']);

const KEY_STEP_TEXT: Partial<Record<KeyStep, string>> = {
  'path-start': 'Drawing started. Move with the arrow keys, then press Enter to finish.',
  'line-start': 'Line start set. Move to its end and press Enter.',
  vertex: 'Vertex set. Move to the end of the first arm and press Enter.',
  'first-arm': 'First arm set. Move to the end of the second arm and press Enter.',
  'same-point': 'Move the crosshair away from the first point first.',
  'reference-start':
    'Reference start set. Move to the other end of something of known length and press Enter.',
};

/**
 * The analysis canvas: the member's media, the view (zoom and pan), the annotations and the tool
 * gestures, drawn with requestAnimationFrame. Framework-free: React creates it on a host element, calls
 * its commands and reads `getState()` through `subscribe()`. The canvases are the Stage's; pointer
 * input is read by PointerGestures and drawn by renderScene, with saved annotations from tiles.
 */
export class AnalysisEngine {
  readonly canvas: HTMLCanvasElement;
  private readonly stage: Stage;
  private readonly listeners = new Set<() => void>();
  private readonly controlListeners = new Set<(control: Control) => void>();
  private readonly gestures: PointerGestures;
  private readonly tiles = new AnnotationTiles();
  /** The skeleton over the media and joint angles through the clip (issue 19); off until turned on. */
  readonly pose: PoseLayer;
  private state: EngineState = IDLE_STATE;
  private media: LoadedMedia | null = null;
  private view: ViewTransform = makeView({ width: CANVAS_WIDTH, height: CANVAS_HEIGHT });
  private annotations: Annotation[] = [];
  /**
   * The stops Undo can take back, oldest first: which stopwatch, how it was before and after, and how
   * many annotations there were then (so that Undo takes back what came after a stop first).
   */
  private stops: { index: number; before: Annotation; after: Annotation; count: number }[] = [];
  /** Counts changes to `annotations`, which are edited in place. */
  private revision = 0;
  private pending: Pending | null = null;
  private frame: number | null = null;
  private notifyQueued = false;
  private bannerTimer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;
  /** The keyboard's crosshair, in logical canvas pixels; shown while the canvas has keyboard focus. */
  private crosshair: Point = CANVAS_CENTRE;
  private keyboardFocus = false;
  private announcements = 0;
  /** The capture rate the member chose (null: as recorded). */
  private memberCaptureFps: number | null = null;
  /** The capture rate the file itself says (read-timing.ts), if any. */
  private fileCaptureFps: number | null = null;
  private readonly cleanup: (() => void)[] = [];
  /** Called whenever this player's picture is to be drawn again: another player's overlay follows it. */
  private readonly invalidateListeners = new Set<() => void>();
  /** The other player drawn over this one (Side by Side's Overlay, decision 64), and how opaque. */
  private overlay: { source: AnalysisEngine; opacity: number; unfollow: () => void } | null = null;

  /** `describedBy`: the id of the element with the canvas's keyboard instructions. */
  constructor(host: HTMLElement, options: { label: string; describedBy?: string }) {
    // Resizing wipes the backing store: draw before the browser paints the blank.
    this.pose = new PoseLayer({
      media: () => this.media,
      duration: () => this.media?.duration || this.state.duration,
      invalidate: () => this.invalidate(),
    });
    this.stage = new Stage(host, options.label, () => this.renderNow());
    this.canvas = this.stage.canvas;
    if (options.describedBy) this.canvas.setAttribute('aria-describedby', options.describedBy);
    this.gestures = new PointerGestures(this.canvas, this.gestureHandlers());
    this.watchFocus();
    this.writeAttributes();
    this.invalidate();
  }

  // ——— state for React ———

  getState = (): EngineState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Playback commands given on this player (not those replayed from the other player). */
  onControl(listener: (control: Control) => void): () => void {
    this.controlListeners.add(listener);
    return () => this.controlListeners.delete(listener);
  }

  get currentTime(): number {
    return this.media?.currentTime ?? 0;
  }

  /** The frame shown, counted from 0 at the file's rate (timing.ts); 0 for an image. */
  get currentFrame(): number {
    return frameAt(this.currentTime, this.state.timing.fileFps);
  }

  /** How many annotation tiles have been drawn (the render benchmark reports it). */
  get tilesDrawn(): number {
    return this.tiles.drawn;
  }

  /** The loaded media's pixel size, once known. */
  get mediaSize(): { width: number; height: number } | null {
    return this.media?.size ?? null;
  }

  // ——— media ———

  /** Loads a member's video or image. Other file types are ignored: returns false. */
  load(file: File): boolean {
    const type = mediaTypeOf(file);
    if (!type) return false;
    this.show(file, type, file.name);
    return true;
  }

  /** Loads a video this server serves (a lesson's video, to analyse the coach's reference: issue 19). */
  loadVideoUrl(url: string, name: string) {
    this.show({ url }, 'video', name);
  }

  private show(source: File | { url: string }, type: MediaType, name: string) {
    this.media?.dispose();
    this.media = new LoadedMedia(source, type, this.state.speed, {
      frame: () => this.onMediaFrame(),
      state: (patch) => this.setState(patch),
      rate: (fps) => this.onMeasuredRate(fps),
    });
    this.annotations = [];
    this.stops = [];
    this.revision++;
    this.pending = null;
    this.gestures.dropToolGesture();
    this.view = makeView({ width: CANVAS_WIDTH, height: CANVAS_HEIGHT });
    this.setState({
      mediaType: type,
      mediaName: name,
      playing: false,
      time: 0,
      duration: 0,
      zoom: 1,
      annotationCount: 0,
      annotationTexts: [],
      // A calibration is of one picture: a new one starts in pixels (issue 33).
      calibration: null,
      reference: null,
      trajectoryPoints: 0,
    });
    this.pose.mediaChanged();
    this.readFileTiming(type === 'video' ? source : null);
    this.invalidate();
  }

  /**
   * A new clip's timing (decision 62, "Reading the rate"): 30 fps until its file says (read here, a few
   * small reads) or its playback is measured; the capture rate from the file when it says, else as
   * recorded. A rate the member chose stays. An answer for a clip since replaced is dropped. A lesson's
   * video is read by HTTP ranges.
   */
  private readFileTiming(source: File | { url: string } | null) {
    const media = this.media;
    const member = this.state.captureSource === 'member';
    this.fileCaptureFps = null;
    this.setState({
      fileTiming: null,
      timing: { fileFps: DEFAULT_FPS, captureFps: member ? this.state.timing.captureFps : DEFAULT_FPS },
      captureSource: member ? 'member' : null,
    });
    if (!source || !media) return;
    const reading = source instanceof Blob ? readVideoTiming(source) : readVideoTimingAt(source.url);
    void reading.then((read) => {
      if (this.destroyed || this.media !== media) return;
      if (read.fileFps !== null) media.useFileRate(read.fileFps);
      // setCaptureRate(null), 'as recorded', goes back to it.
      this.fileCaptureFps = read.captureFps;
      const fileFps = read.fileFps ?? this.state.timing.fileFps;
      const member = this.state.captureSource === 'member';
      this.setState({
        fileTiming: read,
        timing: { fileFps, captureFps: member ? this.state.timing.captureFps : (read.captureFps ?? fileFps) },
        captureSource: member ? 'member' : read.captureFps !== null ? 'file' : null,
      });
    });
  }

  /** The rate measured while playing: the file rate when the file did not say one. */
  private onMeasuredRate(fps: number) {
    if (this.state.fileTiming?.fileFps) return;
    const { timing, captureSource } = this.state;
    this.setState({ timing: { fileFps: fps, captureFps: captureSource === null ? fps : timing.captureFps } });
  }

  play(opts?: ControlOptions) {
    if (this.state.mediaType !== 'video') return;
    this.media?.play();
    this.echo({ kind: 'play' }, opts);
  }

  pause(opts?: ControlOptions) {
    if (this.state.mediaType !== 'video') return;
    this.media?.pause();
    this.echo({ kind: 'pause' }, opts);
  }

  togglePlay() {
    if (this.state.playing) this.pause();
    else this.play();
  }

  setSpeed(speed: Speed, opts?: ControlOptions) {
    this.media?.setSpeed(speed);
    this.setState({ speed });
    this.echo({ kind: 'speed', speed }, opts);
  }

  seek(time: number, opts?: ControlOptions) {
    if (this.state.mediaType !== 'video') return;
    this.media?.seek(time);
    this.echo({ kind: 'seek', time }, opts);
  }

  /**
   * Moves by whole frames of the file (−1: one back), at its own rate (`state.timing.fileFps`); pauses
   * first. Each lands in the middle of its frame, so that the frame read back is the one aimed at.
   */
  step(frames: number, opts?: ControlOptions) {
    const media = this.media;
    if (this.state.mediaType !== 'video' || !media) return;
    const { fileFps } = this.state.timing;
    media.pause();
    let frame = Math.max(0, this.currentFrame + frames);
    const last = Math.ceil(media.duration * fileFps - 1e-6) - 1;
    if (media.duration > 0 && last >= 0) frame = Math.min(frame, last);
    media.seek(mediaTimeOfFrame(frame, fileFps));
    this.echo({ kind: 'step', frames }, opts);
  }

  /** Seeks to the frame shown at `seconds` of real time (the angle chart's axis is real time). */
  seekReal(seconds: number, opts?: ControlOptions) {
    const { fileFps, captureFps } = this.state.timing;
    const frame = Math.max(0, Math.floor(seconds * captureFps + 1e-6));
    this.seek(mediaTimeOfFrame(frame, fileFps), opts);
  }

  // ——— capture rate (issue 33) ———

  /**
   * The rate the clip was captured at, as the member sets it (240 for a 240 fps slow-motion clip saved
   * at 30 fps), or null for 'as recorded': the file's own capture rate when it says one (read-timing.ts),
   * else its frame rate. Every time shown follows: the clock, the chart, the stopwatches, the CSVs.
   */
  setCaptureRate(fps: number | null) {
    if (fps !== null && !isCaptureRate(fps)) return;
    this.memberCaptureFps = fps;
    this.applyTiming();
  }

  /** The timing from the file's rate, its own capture rate (if it says one) and the member's choice. */
  private applyTiming() {
    const fileFps = this.state.timing.fileFps;
    const member = this.memberCaptureFps;
    const captureFps = member ?? this.fileCaptureFps ?? fileFps;
    const old = this.state.timing;
    const timing = captureFps === old.captureFps && fileFps === old.fileFps ? old : { fileFps, captureFps };
    this.setState({
      timing,
      captureSource: member !== null ? 'member' : this.fileCaptureFps !== null ? 'file' : null,
    });
    this.annotationsChanged();
  }

  // ——— tools and annotations ———

  /** Selects a tool; choosing the active one turns it off. Either way pending points are dropped. */
  toggleTool(tool: Exclude<Tool, 'none'>) {
    this.setTool(this.state.tool === tool ? 'none' : tool);
  }

  setTool(tool: Tool) {
    // A trajectory under way is kept as far as it goes when another tool is chosen.
    if (this.pending?.type === 'trajectory') this.finishTrajectory();
    this.pending = null;
    this.gestures.dropToolGesture();
    this.setState({ tool });
    this.invalidate();
  }

  /** Drops the shape under way, if any; returns whether there was one. */
  cancelShape(): boolean {
    if (this.pending?.type === 'trajectory') {
      // Escape ends a trajectory: it is kept when it has two points or more.
      this.finishTrajectory();
      return true;
    }
    if (!this.pending) return false;
    this.pending = null;
    this.gestures.dropToolGesture();
    this.announce('Shape cancelled.');
    this.invalidate();
    return true;
  }

  // ——— keyboard ———

  /** Says which tool is chosen and what the arrow keys do now (after a shortcut changed it). */
  announceTool() {
    const { tool } = this.state;
    this.announce(
      tool === 'none'
        ? 'No tool: the arrow keys pan.'
        : `${TOOL_NAMES[tool]} tool: the arrow keys move the crosshair, Enter sets a point.`,
    );
  }

  /** A key was used on the canvas: the crosshair shows until a pointer presses on it or focus leaves. */
  keyboardInUse() {
    if (this.keyboardFocus) return;
    this.keyboardFocus = true;
    this.invalidate();
  }

  /**
   * Moves the keyboard's crosshair by logical canvas pixels; the shape under way follows it. At the
   * canvas's edge a zoomed-in view pans instead, so that the whole of the picture can be reached.
   */
  moveCrosshair(dx: number, dy: number) {
    this.keyboardFocus = true;
    const want = { x: this.crosshair.x + dx, y: this.crosshair.y + dy };
    const x = Math.min(CANVAS_WIDTH, Math.max(0, want.x));
    const y = Math.min(CANVAS_HEIGHT, Math.max(0, want.y));
    this.crosshair = { x, y };
    if ((want.x !== x || want.y !== y) && this.view.zoom > 1) {
      this.view = panBy(this.view, x - want.x, y - want.y);
    }
    this.followCrosshair();
    this.invalidate();
  }

  /** Enter or Space on the canvas: sets the chosen tool's next point where the crosshair is. */
  setPointAtCrosshair() {
    this.keyboardFocus = true;
    if (this.state.tool === 'stopwatch') {
      // Enter stops the stopwatch that runs; with none running it starts one where the crosshair is.
      if (!this.stopStopwatch()) this.startStopwatch(screenToMedia(this.view, this.crosshair));
      this.invalidate();
      return;
    }
    if (this.state.tool === 'trajectory') {
      this.trajectoryPoint(screenToMedia(this.view, this.crosshair), true);
      return;
    }
    const { pending, saved, reference, step } = keyTool(
      this.state.tool,
      this.pending,
      screenToMedia(this.view, this.crosshair),
    );
    this.pending = pending;
    this.gestures.dropToolGesture();
    if (saved) this.saveMeasured(saved);
    else if (reference) this.referenceDrawn(reference);
    else if (KEY_STEP_TEXT[step]) this.announce(KEY_STEP_TEXT[step]);
    this.invalidate();
  }

  /** Arrow keys with no tool: moves what is shown the way of the arrow (the picture goes the other way). */
  panByKey(dx: number, dy: number) {
    this.keyboardFocus = true;
    this.pan(-dx, -dy);
  }

  // ——— stopwatches (issue 33) ———

  /** Starts a stopwatch at media point `at` on the frame shown. */
  startStopwatch(at: Point) {
    if (this.state.mediaType !== 'video') {
      this.announce('A stopwatch needs a video.');
      return;
    }
    const start = this.currentFrame;
    this.saveMeasured({ type: 'stopwatch', at, start, stop: null, color: TOOL_COLORS.stopwatch });
  }

  /**
   * Stops the stopwatch `index` (by default the last one running) on the frame shown; stopping it before
   * its start swaps the two, so that it always measures forward. Returns whether one was stopped.
   */
  stopStopwatch(index?: number): boolean {
    const i = index ?? this.annotations.findLastIndex((a) => a.type === 'stopwatch' && a.stop === null);
    const s = this.annotations[i];
    if (!s || s.type !== 'stopwatch') return false;
    const frame = this.currentFrame;
    const stopped: Annotation = { ...s, start: Math.min(s.start, frame), stop: Math.max(s.start, frame) };
    this.annotations[i] = stopped;
    this.stops.push({ index: i, before: s, after: stopped, count: this.annotations.length });
    this.annotationsChanged();
    const text = this.state.annotationTexts.find((t) => t.startsWith(`${this.stopwatchName(i)}:`));
    if (text) this.announce(`${text.replace(/ \(from .*\)$/, '')}, stopped.`);
    return true;
  }

  /** "Stopwatch n", as the annotation list names the stopwatch at `index`. */
  private stopwatchName(index: number): string {
    return `Stopwatch ${this.annotations.slice(0, index + 1).filter((a) => a.type === 'stopwatch').length}`;
  }

  /**
   * Takes back the last stop when it is the last thing done: the stopwatch is as it was before (running,
   * or stopped where it was, for one stopped again). Returns whether it did.
   */
  private undoStop(): boolean {
    const last = this.stops.at(-1);
    if (!last || this.annotations.length !== last.count || this.annotations[last.index] !== last.after) {
      return false;
    }
    this.stops.pop();
    this.annotations[last.index] = last.before;
    this.annotationsChanged();
    const name = this.stopwatchName(last.index);
    const before = last.before;
    this.announce(
      before.type === 'stopwatch' && before.stop === null
        ? `${name}'s stop removed: it runs again.`
        : `${name}'s last stop removed.`,
    );
    return true;
  }

  /** A click or tap with the stopwatch tool: on a stopwatch it stops it here, elsewhere it starts one. */
  private stopwatchClick(m: Point) {
    const index = stopwatchUnder(
      this.view,
      this.annotations,
      mediaToScreen(this.view, m),
      this.stage.textScale,
    );
    if (index >= 0) this.stopStopwatch(index);
    else this.startStopwatch(m);
    this.invalidate();
  }

  /** Removes every annotation and anything half-drawn. */
  clear() {
    const had = this.annotations.length > 0 || this.pending !== null;
    this.annotations = [];
    this.stops = [];
    this.pending = null;
    this.setState({ trajectoryPoints: 0 });
    this.gestures.dropToolGesture();
    this.annotationsChanged();
    if (had) this.announce('All annotations cleared.');
  }

  // ——— calibration and trajectories (issue 33, decision 62 "Units") ———

  /**
   * Calibrates this player: `c` is the reference line (media pixels) and its real length; every length
   * is then shown in its unit and a trajectory's speed in m/s. Null resets it (lengths in pixels). It
   * is kept through frame steps, zoom and pan, until another picture is loaded.
   */
  setCalibration(c: Calibration | null) {
    const valid = c !== null && Number.isFinite(c.length) && metresPerPixel(c) !== null;
    const had = this.state.calibration !== null;
    this.setState({ calibration: valid ? c : null, reference: null });
    if (valid && this.state.tool === 'calibrate') this.setTool('none');
    this.annotationsChanged();
    if (valid) {
      const px = Math.round(Math.hypot(c.end.x - c.start.x, c.end.y - c.start.y));
      this.announce(`Calibrated: ${px} px is ${formatLength(px, c)}. Lengths are now in ${c.unit}.`);
    } else if (had) {
      this.announce('Calibration reset: lengths are in pixels.');
    }
  }

  /** The reference line drawn is not used (its dialog was closed): the tool stays for another. */
  cancelReference() {
    if (!this.state.reference) return;
    this.setState({ reference: null });
    this.announce('Calibration cancelled.');
    this.invalidate();
  }

  /** Saves the trajectory under way (two points or more), or drops it; true when one was saved. */
  finishTrajectory(): boolean {
    if (this.pending?.type !== 'trajectory') return false;
    const saved = finishTrajectory(this.pending);
    this.pending = null;
    this.setState({ trajectoryPoints: 0 });
    if (saved) this.saveMeasured(saved);
    else this.announce('Trajectory dropped: it needs two points or more.');
    this.invalidate();
    return saved !== null;
  }

  /**
   * A trajectory of the pose keypoint `joint` through the clip, from its pose analysis (which must have
   * run): its place on every frame the model saw it. Returns whether one was made.
   */
  followJoint(joint: FollowJoint): boolean {
    const run = this.pose.getState().run;
    if (run.status !== 'done') {
      this.announce('Analyse the clip with Pose first, then follow a joint.');
      return false;
    }
    const points = trajectoryFromPose(run.result.frames, joint, run.result.size, this.state.timing.fileFps);
    const saved = finishTrajectory({ type: 'trajectory', points }, joint);
    if (!saved) {
      this.announce(`The ${jointLabel(joint).toLowerCase()} was not seen on two frames or more.`);
      return false;
    }
    this.saveMeasured(saved);
    return true;
  }

  /**
   * A point of the trajectory under way at media point `m` on the frame shown; once added, the next
   * frame is shown. From the keyboard (`key`), Enter where the last point was set finishes it.
   */
  private trajectoryPoint(m: Point, key: boolean) {
    if (this.state.mediaType !== 'video') {
      this.announce('A trajectory needs a video.');
      return;
    }
    const frame = this.currentFrame;
    const under = this.pending?.type === 'trajectory' ? this.pending : null;
    const { pending, step } = trajectoryStep(under, frame, m, key);
    if (step === 'finish') {
      this.finishTrajectory();
      return;
    }
    this.pending = pending;
    this.setState({ trajectoryPoints: pending.points.length });
    const n = pending.points.findIndex((p) => p.frame === frame) + 1;
    if (step === 'moved') this.announce(`Point ${n} moved (frame ${frame}).`);
    else {
      this.announce(`Point ${n} set on frame ${frame}. Next frame.`);
      this.step(1);
    }
    this.invalidate();
  }

  /** A reference line was drawn with the Calibrate tool: its real length is asked (state.reference). */
  private referenceDrawn(reference: Reference) {
    this.setState({ reference });
    this.announce('Reference line drawn. Type its real length.');
  }

  /**
   * Drops a half-drawn shape if there is one; otherwise takes back a stopwatch's stop if that was the last
   * thing done, else the last annotation.
   */
  undo() {
    if (this.pending?.type === 'trajectory' && this.pending.points.length > 1) {
      // Undo in a trajectory under way takes back its last point.
      const points = this.pending.points.slice(0, -1);
      this.pending = { type: 'trajectory', points };
      this.setState({ trajectoryPoints: points.length });
      this.announce(`Point ${points.length + 1} removed.`);
      this.invalidate();
      return;
    }
    if (this.pending?.type === 'trajectory') this.setState({ trajectoryPoints: 0 });
    if (!this.pending && this.undoStop()) return;
    const removed = this.pending ? 'Shape cancelled.' : this.state.annotationTexts.at(-1);
    if (this.pending) this.pending = null;
    else {
      this.annotations.pop();
      this.stops = this.stops.filter((stop) => stop.index < this.annotations.length);
    }
    this.annotationsChanged();
    if (removed) this.announce(removed.endsWith('.') ? removed : `Removed ${removed}.`);
  }

  /** Replaces the annotations (the benchmark loads 500 at once). */
  setAnnotations(annotations: Annotation[]) {
    this.annotations = annotations.slice();
    this.stops = [];
    this.pending = null;
    this.annotationsChanged();
  }

  // ——— view ———

  zoomIn() {
    this.zoomTo(this.view.zoom * ZOOM_STEP);
  }

  zoomOut() {
    this.zoomTo(this.view.zoom / ZOOM_STEP);
  }

  /** Zooms about a canvas point (the centre by default), clamped to 0.5–4. */
  zoomTo(zoom: number, anchor: Point = { x: CANVAS_WIDTH / 2, y: CANVAS_HEIGHT / 2 }) {
    this.view = zoomAbout(this.view, zoom, anchor);
    this.viewChanged();
  }

  resetView() {
    this.view = { ...this.view, zoom: 1, panX: 0, panY: 0 };
    this.viewChanged();
  }

  /** Moves the view by logical canvas pixels. */
  pan(dx: number, dy: number) {
    this.view = panBy(this.view, dx, dy);
    this.invalidate();
  }

  // ——— overlay ———

  /**
   * Draws another player over this one at `opacity` (0–1): its frame, its own zoom and pan as the
   * alignment, its skeleton and its drawings (decision 64), redrawn whenever that player's picture
   * changes. Shown on the canvas and in the exported PNG. Null takes it away.
   */
  setOverlay(source: AnalysisEngine | null, opacity: number) {
    const other = source === this ? null : source;
    if (other !== this.overlay?.source) {
      this.overlay?.unfollow();
      this.overlay = other
        ? { source: other, opacity: 0, unfollow: other.onInvalidate(() => this.invalidate()) }
        : null;
    }
    if (this.overlay) this.overlay.opacity = clampOpacity(opacity);
    this.writeAttributes();
    this.invalidate();
  }

  /** Calls `listener` whenever this player's picture is to be drawn again; returns how to stop. */
  onInvalidate(listener: () => void): () => void {
    this.invalidateListeners.add(listener);
    return () => this.invalidateListeners.delete(listener);
  }

  // ——— drawing ———

  /** Draws the current frame now (the next animation frame does otherwise). */
  renderNow() {
    if (this.frame !== null) {
      cancelAnimationFrame(this.frame);
      this.frame = null;
    }
    this.draw();
  }

  /**
   * The angles measured on the frame, in the order drawn ('Angle 1' 42.5), then the athlete's joint
   * angles when pose is on ('Left knee' 106.4): what the exported frame's band and a post carry.
   */
  angleValues(): AngleValue[] {
    return [...angleValues(this.annotations), ...this.pose.angleValues()];
  }

  /** Every annotation with what it measures, as the 'Measurements CSV' download (measurements-csv.ts). */
  measurementsCsv(): string {
    const { timing, calibration } = this.state;
    return measurementsCsv({ annotations: this.annotations, timing, calibration });
  }

  /**
   * The current frame with its drawings as a PNG, at twice the logical size, with the angle values
   * written in a band under it when there are any.
   */
  exportPng(): Promise<Blob> {
    const values = this.angleValues();
    const out = document.createElement('canvas');
    out.width = CANVAS_WIDTH * 2;
    out.height = (CANVAS_HEIGHT + angleBandHeight(values)) * 2;
    const ctx = out.getContext('2d', { alpha: false })!;
    renderScene(ctx, this.scene(false), 2);
    ctx.setTransform(2, 0, 0, 2, 0, 0);
    drawAngleBand(ctx, values);
    return new Promise((resolve, reject) =>
      out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG export failed'))), 'image/png'),
    );
  }

  /**
   * What the post dialog needs to make the clip around the current frame (decision 51): `seconds`
   * centred on it, cut to the video, decoded, drawn and encoded frame by frame at 1280 × 640 with the
   * drawings as the canvas shows them now (the video under the current zoom, the annotations, each
   * frame's own skeleton once the clip is analysed). The player is left as it is. Null for an image.
   * With Side by Side's Overlay on, player 2 is laid over each frame as the canvas shows it: its frame
   * at the same real moment (the offset Sync keeps, capture rates counted), decoded in step, with its
   * drawings and skeleton, at the overlay's opacity. The code is loaded when first asked.
   */
  clipMaker(seconds: number): ClipMaker | null {
    const media = this.media;
    const size = media?.size;
    if (!media?.video || !size || this.state.mediaType !== 'video') return null;
    const source = media.file ?? media.source;
    const width = CANVAS_WIDTH * CLIP_SCALE;
    const height = CANVAS_HEIGHT * CLIP_SCALE;
    const at = media.currentTime;
    const duration = media.duration;
    // The drawings as they are now: the member cannot change them while the dialog is open.
    const scene: Scene = {
      ...this.scene(false),
      annotations: this.annotations.slice(),
      mediaSize: size,
      overlay: null,
    };
    const overlay = this.clipOverlay();
    const load = () => import('../clip/make-clip');
    return {
      problem: async () => (await load()).clipProblem(source, width, height, overlay?.source.source ?? null),
      make: async ({ signal, onProgress }) =>
        (await load()).makeClip({
          source,
          at,
          seconds,
          duration,
          size,
          width,
          height,
          signal,
          onProgress,
          overlay: overlay?.source ?? null,
          draw: (ctx, image, time, over) =>
            renderScene(
              ctx,
              {
                ...scene,
                media: image,
                pose: this.pose.overlayAt(time),
                clock: { frame: frameAt(time, this.state.timing.fileFps), timing: this.state.timing },
                overlay: overlay && over ? overlay.sceneAt(over.image, over.seconds) : null,
              },
              CLIP_SCALE,
            ),
        }),
    };
  }

  /**
   * Player 2 as a posted clip lays it over this one's frames (decision 64's overlay, in the clip):
   * its file, its media time at a media time of this player (the real-time offset the two have now,
   * which Sync keeps), and its scene at one of its frames, as this canvas shows it. Null without an
   * overlay, or when player 2 holds no video.
   */
  private clipOverlay() {
    const over = this.overlay;
    const other = over?.source;
    const media = other?.media;
    const size = media?.size;
    if (!over || !other || !media?.video || !size || other.state.mediaType !== 'video' || !this.media)
      return null;
    const mine = this.state.timing;
    const theirs = other.state.timing;
    const offset = realSeconds(media.currentTime, theirs) - realSeconds(this.media.currentTime, mine);
    const base: Scene = {
      ...other.scene(false, false),
      annotations: other.annotations.slice(),
      mediaSize: size,
      pending: null,
    };
    const opacity = over.opacity;
    return {
      source: {
        source: media.file ?? media.source,
        size,
        timeAt: (seconds: number) => Math.max(0, mediaSecondsOf(realSeconds(seconds, mine) + offset, theirs)),
      },
      sceneAt: (image: CanvasImageSource, seconds: number) => ({
        scene: {
          ...base,
          media: image,
          pose: other.pose.overlayAt(seconds),
          clock: { frame: frameAt(seconds, theirs.fileFps), timing: theirs },
        },
        opacity,
      }),
    };
  }

  destroy() {
    this.destroyed = true;
    for (const fn of this.cleanup) fn();
    this.overlay?.unfollow();
    this.overlay = null;
    this.invalidateListeners.clear();
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    if (this.bannerTimer) clearTimeout(this.bannerTimer);
    this.pose.destroy();
    this.stage.destroy();
    this.gestures.destroy();
    this.tiles.release();
    this.media?.dispose();
    this.media = null;
    this.listeners.clear();
    this.controlListeners.clear();
  }

  // ——— internals ———

  /** What this player shows; `withOverlay` false for the picture another player lays over its own. */
  private scene(withCrosshair = true, withOverlay = true): Scene {
    const media = this.media;
    const size = media?.size ?? null;
    const tool = this.state.tool;
    const over = withOverlay ? this.overlay : null;
    return {
      overlay: over && {
        scene: { ...over.source.scene(false, false), pending: null },
        opacity: over.opacity,
      },
      view: this.view,
      media: size ? media!.element : null,
      mediaSize: size,
      annotations: this.annotations,
      revision: this.revision,
      // The reference line waits, dashed, while its length is asked.
      pending: this.pending ?? (this.state.reference && { type: 'reference', ...this.state.reference }),
      measure: { calibration: this.state.calibration, timing: this.state.timing },
      pose: this.pose.overlay(),
      clock: { frame: this.currentFrame, timing: this.state.timing },
      crosshair:
        withCrosshair && this.keyboardFocus && tool !== 'none'
          ? { at: this.crosshair, color: TOOL_COLORS[tool] }
          : null,
    };
  }

  /**
   * The crosshair shows while the canvas has focus from the keyboard (Tab, or a key pressed on it),
   * not after a click or a tap, which point for themselves.
   */
  private watchFocus() {
    const on = <K extends keyof HTMLElementEventMap>(name: K, fn: () => void) => {
      this.canvas.addEventListener(name, fn);
      this.cleanup.push(() => this.canvas.removeEventListener(name, fn));
    };
    on('focus', () => {
      this.keyboardFocus = this.canvas.matches(':focus-visible');
      this.invalidate();
    });
    on('blur', () => {
      this.keyboardFocus = false;
      this.invalidate();
    });
    on('pointerdown', () => {
      if (!this.keyboardFocus) return;
      this.keyboardFocus = false;
      this.invalidate();
    });
  }

  /** The shape under way follows the crosshair (after it moved, or the view did). */
  private followCrosshair() {
    if (!this.pending || !this.keyboardFocus) return;
    moveTool(this.pending, screenToMedia(this.view, this.crosshair), true);
  }

  private draw() {
    const { stage } = this;
    if (this.destroyed || stage.scale === 0) return;
    const scene = this.scene();
    renderScene(stage.ctx, scene, stage.scale, stage.textScale, this.tiles);
    // For tests, as writeAttributes: how many of the athlete's joints the skeleton shows.
    const joints = String(scene.pose?.landmarks.filter((l) => l.visibility >= MIN_VISIBILITY).length ?? 0);
    if (this.canvas.dataset.pose !== joints) this.canvas.dataset.pose = joints;
  }

  private invalidate() {
    if (this.destroyed) return;
    for (const listener of this.invalidateListeners) listener();
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.draw();
      // Zoom from a pinch or the wheel reaches React at most once a frame.
      if (this.state.zoom !== this.view.zoom) this.setState({ zoom: this.view.zoom });
    });
  }

  private onMediaFrame() {
    const size = this.media?.size;
    if (size) {
      // The letterbox is known once the media has a size; zoom and pan are kept.
      const { box } = makeView(size);
      const old = this.view.box;
      if (box.scale !== old.scale || box.x !== old.x || box.y !== old.y) this.view = { ...this.view, box };
    }
    this.pose.frameShown();
    this.invalidate();
  }

  private viewChanged() {
    this.followCrosshair();
    this.writeAttributes();
    this.setState({ zoom: this.view.zoom });
    this.invalidate();
  }

  private annotationsChanged() {
    this.revision++;
    this.setState({
      annotationCount: this.annotations.length,
      annotationTexts: describeAnnotations(this.annotations, {
        timing: this.state.timing,
        calibration: this.state.calibration,
      }),
      stopwatchRunning: this.annotations.some((a) => a.type === 'stopwatch' && a.stop === null),
    });
    this.invalidate();
  }

  private announce(text: string) {
    this.setState({ announcement: { text, id: ++this.announcements } });
  }

  private setState(patch: Partial<EngineState>) {
    let changed = false;
    for (const key of Object.keys(patch) as (keyof EngineState)[]) {
      if (this.state[key] !== patch[key]) changed = true;
    }
    if (!changed || this.destroyed) return;
    this.state = { ...this.state, ...patch };
    this.writeAttributes();
    if (this.notifyQueued) return;
    this.notifyQueued = true;
    queueMicrotask(() => {
      this.notifyQueued = false;
      for (const listener of this.listeners) listener();
    });
  }

  /**
   * Facts tests can read without React: data-tool, -zoom, -annotations, -media, -rate, -overlay, -file-fps,
   * -capture-fps and -capture-source (and draw()'s data-pose).
   */
  private writeAttributes() {
    const d = this.canvas.dataset;
    const s = this.state;
    d.tool = s.tool;
    d.zoom = String(Math.round(this.view.zoom * 1000) / 1000);
    d.annotations = String(this.annotations.length);
    d.media = s.mediaType ?? 'none';
    // The video's own rate, not the selector's text: tests see what the player really does.
    const video = this.media?.video;
    if (video) d.rate = String(video.playbackRate);
    else delete d.rate;
    if (this.overlay) d.overlay = String(this.overlay.opacity);
    else delete d.overlay;
    // The timing in use (decision 62): the file's rate, the capture rate, and where that came from.
    d.fileFps = String(s.timing.fileFps);
    d.captureFps = String(s.timing.captureFps);
    d.captureSource = s.captureSource ?? 'none';
    this.canvas.style.cursor =
      s.tool === 'none' ? (this.gestures.panning ? 'grabbing' : 'grab') : 'crosshair';
  }

  private echo(control: Control, opts?: ControlOptions) {
    if (opts?.echo === false) return;
    for (const listener of this.controlListeners) listener(control);
  }

  private showBanner(text: string) {
    if (this.bannerTimer) clearTimeout(this.bannerTimer);
    this.setState({ banner: text });
    this.bannerTimer = setTimeout(() => {
      this.bannerTimer = null;
      this.setState({ banner: null });
    }, ANGLE_BANNER_MS);
  }

  // ——— pointer gestures ———

  private gestureHandlers(): GestureHandlers {
    const toMedia = (p: Point) => screenToMedia(this.view, p);
    return {
      toolActive: () => this.state.tool !== 'none',
      zoom: () => this.view.zoom,
      pan: (dx, dy) => this.pan(dx, dy),
      zoomAt: (zoom, anchor, dx = 0, dy = 0) => {
        this.view = panBy(zoomAbout(this.view, zoom, anchor), dx, dy);
        this.writeAttributes();
        this.invalidate();
      },
      pinchStarted: () => {
        // A half-drawn shape is dropped; a fixed first arm of an angle and a trajectory are kept.
        if (this.pending && !KEPT_PENDING.has(this.pending.type)) this.pending = null;
        this.invalidate();
      },
      press: (p) => this.toolDown(toMedia(p)),
      move: (p, dragged) => this.toolMove(toMedia(p), dragged),
      release: (p, dragged) => this.toolUp(toMedia(p), dragged),
      cancelled: () => {
        if (this.pending && !KEPT_PENDING.has(this.pending.type)) this.pending = null;
        this.invalidate();
      },
      hover: (p) => {
        // A hovering mouse previews the second arm of an angle.
        if (this.pending?.type !== 'angle-arm2') return;
        this.pending = { ...this.pending, point2: toMedia(p) };
        this.invalidate();
      },
      panning: () => this.writeAttributes(),
    };
  }

  private toolDown(m: Point) {
    this.pending = pressTool(this.state.tool, this.pending, m);
    this.invalidate();
  }

  private toolMove(m: Point, dragged: boolean) {
    if (moveTool(this.pending, m, dragged)) this.invalidate();
  }

  private toolUp(m: Point, dragged: boolean) {
    if (this.state.tool === 'stopwatch') {
      if (!dragged) this.stopwatchClick(m);
      return;
    }
    if (this.state.tool === 'trajectory') {
      // A click or a tap (a small drag too: the point is where it was let go).
      this.trajectoryPoint(m, false);
      return;
    }
    const { pending, saved, reference } = releaseTool(this.pending, m, dragged);
    this.pending = pending;
    if (saved) this.saveMeasured(saved);
    else if (reference) this.referenceDrawn(reference);
    this.invalidate();
  }

  /**
   * Saves a finished shape: an angle shows its banner (a status, so it is also heard); a line or a
   * drawing is announced as the list of annotations now names it.
   */
  private saveMeasured(annotation: Annotation) {
    this.annotations.push(annotation);
    this.annotationsChanged();
    if (annotation.type === 'angle') this.showBanner(angleBannerText(annotation.angle));
    else this.announce(`${this.state.annotationTexts.at(-1)} added.`);
  }
}
