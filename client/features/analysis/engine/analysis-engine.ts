import { ANGLE_BANNER_MS } from '@common/constants';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  angleBannerText,
  makeView,
  panBy,
  screenToMedia,
  zoomAbout,
  type Point,
  type ViewTransform,
} from '@common/geometry';
import { DEFAULT_SPEED, type Annotation, type Pending, type Speed, type Tool } from './annotations';
import { AnnotationTiles } from './annotation-tiles';
import { LoadedMedia, mediaTypeOf, type MediaType } from './loaded-media';
import { PointerGestures, type GestureHandlers } from './pointer-gestures';
import { renderScene, type Scene } from './render';
import { Stage } from './stage';
import { moveTool, pressTool, releaseTool } from './tool-gestures';

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
  annotationCount: number;
  /** 'Measured Angle: 90.0°' for 3 s after a measurement. */
  banner: string | null;
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
  annotationCount: 0,
  banner: null,
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
  private state: EngineState = IDLE_STATE;
  private media: LoadedMedia | null = null;
  private view: ViewTransform = makeView({ width: CANVAS_WIDTH, height: CANVAS_HEIGHT });
  private annotations: Annotation[] = [];
  /** Counts changes to `annotations`, which are edited in place. */
  private revision = 0;
  private pending: Pending | null = null;
  private frame: number | null = null;
  private notifyQueued = false;
  private bannerTimer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;

  constructor(host: HTMLElement, options: { label: string }) {
    // Resizing wipes the backing store: draw before the browser paints the blank.
    this.stage = new Stage(host, options.label, () => this.renderNow());
    this.canvas = this.stage.canvas;
    this.gestures = new PointerGestures(this.canvas, this.gestureHandlers());
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
    this.media?.dispose();
    this.media = new LoadedMedia(file, type, this.state.speed, {
      frame: () => this.onMediaFrame(),
      state: (patch) => this.setState(patch),
    });
    this.annotations = [];
    this.revision++;
    this.pending = null;
    this.gestures.dropToolGesture();
    this.view = makeView({ width: CANVAS_WIDTH, height: CANVAS_HEIGHT });
    this.setState({
      mediaType: type,
      mediaName: file.name,
      playing: false,
      time: 0,
      duration: 0,
      zoom: 1,
      annotationCount: 0,
    });
    this.invalidate();
    return true;
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

  /** One frame back (−1) or forward (+1); pauses first. */
  step(frames: number, opts?: ControlOptions) {
    if (this.state.mediaType !== 'video') return;
    this.media?.step(frames);
    this.echo({ kind: 'step', frames }, opts);
  }

  // ——— tools and annotations ———

  /** Selects a tool; choosing the active one turns it off. Either way pending points are dropped. */
  toggleTool(tool: Exclude<Tool, 'none'>) {
    this.setTool(this.state.tool === tool ? 'none' : tool);
  }

  setTool(tool: Tool) {
    this.pending = null;
    this.gestures.dropToolGesture();
    this.setState({ tool });
    this.invalidate();
  }

  /** Removes every annotation and anything half-drawn. */
  clear() {
    this.annotations = [];
    this.pending = null;
    this.gestures.dropToolGesture();
    this.annotationsChanged();
  }

  /** Drops a half-drawn shape if there is one, otherwise the last annotation. */
  undo() {
    if (this.pending) this.pending = null;
    else this.annotations.pop();
    this.annotationsChanged();
  }

  /** Replaces the annotations (the benchmark loads 500 at once). */
  setAnnotations(annotations: Annotation[]) {
    this.annotations = annotations.slice();
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

  // ——— drawing ———

  /** Draws the current frame now (the next animation frame does otherwise). */
  renderNow() {
    if (this.frame !== null) {
      cancelAnimationFrame(this.frame);
      this.frame = null;
    }
    this.draw();
  }

  /** The current frame with its drawings as a PNG, at twice the logical size. */
  exportPng(): Promise<Blob> {
    const out = document.createElement('canvas');
    out.width = CANVAS_WIDTH * 2;
    out.height = CANVAS_HEIGHT * 2;
    renderScene(out.getContext('2d', { alpha: false })!, this.scene(), 2);
    return new Promise((resolve, reject) =>
      out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG export failed'))), 'image/png'),
    );
  }

  destroy() {
    this.destroyed = true;
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    if (this.bannerTimer) clearTimeout(this.bannerTimer);
    this.stage.destroy();
    this.gestures.destroy();
    this.tiles.release();
    this.media?.dispose();
    this.media = null;
    this.listeners.clear();
    this.controlListeners.clear();
  }

  // ——— internals ———

  private scene(): Scene {
    const media = this.media;
    const size = media?.size ?? null;
    return {
      view: this.view,
      media: size ? media!.element : null,
      mediaSize: size,
      annotations: this.annotations,
      revision: this.revision,
      pending: this.pending,
    };
  }

  private draw() {
    const { stage } = this;
    if (this.destroyed || stage.scale === 0) return;
    renderScene(stage.ctx, this.scene(), stage.scale, stage.textScale, this.tiles);
  }

  private invalidate() {
    if (this.frame !== null || this.destroyed) return;
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
    this.invalidate();
  }

  private viewChanged() {
    this.writeAttributes();
    this.setState({ zoom: this.view.zoom });
    this.invalidate();
  }

  private annotationsChanged() {
    this.revision++;
    this.setState({ annotationCount: this.annotations.length });
    this.invalidate();
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

  /** Facts tests can read without React: data-tool, -zoom, -annotations, -media and -rate. */
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
        // A half-drawn shape is dropped; a fixed first arm of an angle is kept.
        if (this.pending && this.pending.type !== 'angle-arm2') this.pending = null;
        this.invalidate();
      },
      press: (p) => this.toolDown(toMedia(p)),
      move: (p, dragged) => this.toolMove(toMedia(p), dragged),
      release: (p, dragged) => this.toolUp(toMedia(p), dragged),
      cancelled: () => {
        if (this.pending?.type !== 'angle-arm2') this.pending = null;
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
    const { pending, saved } = releaseTool(this.pending, m, dragged);
    this.pending = pending;
    if (saved) {
      this.save(saved);
      if (saved.type === 'angle') this.showBanner(angleBannerText(saved.angle));
    }
    this.invalidate();
  }

  private save(annotation: Annotation) {
    this.annotations.push(annotation);
    this.annotationsChanged();
  }
}
