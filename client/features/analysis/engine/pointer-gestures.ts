import { clampZoom, clientToCanvas, distance, midpoint, type Point } from '@common/geometry';

/** What the pointer and wheel do to the engine, in logical canvas pixels. */
export type GestureHandlers = {
  /** Whether a press uses a tool (true) or pans the view (false). */
  toolActive(): boolean;
  zoom(): number;
  pan(dx: number, dy: number): void;
  /** Zooms to `zoom` about `anchor`, then moves the view by (dx, dy). */
  zoomAt(zoom: number, anchor: Point, dx?: number, dy?: number): void;
  /** A second finger came down: a pinch takes over whatever the first one was doing. */
  pinchStarted(): void;
  press(p: Point): void;
  move(p: Point, dragged: boolean): void;
  release(p: Point, dragged: boolean): void;
  /** The browser took the pointer away in the middle of a tool gesture. */
  cancelled(): void;
  /** A mouse moving with no button down. */
  hover(p: Point): void;
  /** A pan started or ended (the cursor shows it). */
  panning(active: boolean): void;
};

const WHEEL_SENSITIVITY = 0.0015;
/** Below this many logical pixels a press-and-release is a click, not a drag. */
const CLICK_SLOP = 3;

type Gesture =
  | { kind: 'idle' }
  | { kind: 'pan'; last: Point }
  | { kind: 'pinch'; startDistance: number; startZoom: number; last: Point }
  | { kind: 'tool'; down: Point }
  /** The pointers left after a pinch do nothing until all are up. */
  | { kind: 'spent' };

/**
 * Turns pointer events (mouse, pen, fingers) and the wheel on the drawing canvas into gestures: with
 * no tool a drag pans; two fingers pinch-zoom about their midpoint and pan with it; the wheel zooms
 * about the pointer; with a tool, press, move and release go to the tool, with whether the pointer
 * moved beyond a click.
 */
export class PointerGestures {
  private readonly pointers = new Map<number, Point>();
  private gesture: Gesture = { kind: 'idle' };
  private readonly cleanup: (() => void)[] = [];

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly h: GestureHandlers,
  ) {
    const on = <K extends keyof HTMLElementEventMap>(
      name: K,
      fn: (e: HTMLElementEventMap[K]) => void,
      opts?: AddEventListenerOptions,
    ) => {
      canvas.addEventListener(name, fn, opts);
      this.cleanup.push(() => canvas.removeEventListener(name, fn, opts));
    };
    on('pointerdown', (e) => this.onPointerDown(e));
    on('pointermove', (e) => this.onPointerMove(e));
    on('pointerup', (e) => this.onPointerUp(e));
    on('pointercancel', (e) => this.onPointerUp(e, true));
    on('wheel', (e) => this.onWheel(e), { passive: false });
    on('contextmenu', (e) => e.preventDefault());
  }

  get panning(): boolean {
    return this.gesture.kind === 'pan';
  }

  /** Forgets a tool gesture under way (the tool changed, the drawings were cleared, new media). */
  dropToolGesture() {
    if (this.gesture.kind === 'tool') this.gesture = { kind: 'idle' };
  }

  destroy() {
    for (const fn of this.cleanup) fn();
    this.pointers.clear();
  }

  private toCanvas(e: PointerEvent | WheelEvent): Point {
    return clientToCanvas({ x: e.clientX, y: e.clientY }, this.canvas.getBoundingClientRect());
  }

  private onPointerDown(e: PointerEvent) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.preventDefault();
    this.canvas.focus({ preventScroll: true });
    this.canvas.setPointerCapture?.(e.pointerId);
    const p = this.toCanvas(e);
    this.pointers.set(e.pointerId, p);

    if (this.pointers.size === 2) {
      this.h.pinchStarted();
      const [a, b] = [...this.pointers.values()] as [Point, Point];
      this.gesture = {
        kind: 'pinch',
        startDistance: Math.max(1, distance(a, b)),
        startZoom: this.h.zoom(),
        last: midpoint(a, b),
      };
      return;
    }
    if (this.pointers.size > 2) return;

    if (!this.h.toolActive()) {
      this.gesture = { kind: 'pan', last: p };
      this.h.panning(true);
      return;
    }
    this.gesture = { kind: 'tool', down: p };
    this.h.press(p);
  }

  private onPointerMove(e: PointerEvent) {
    const p = this.toCanvas(e);
    if (!this.pointers.has(e.pointerId)) {
      if (this.gesture.kind === 'idle') this.h.hover(p);
      return;
    }
    this.pointers.set(e.pointerId, p);
    const g = this.gesture;
    if (g.kind === 'pan') {
      this.h.pan(p.x - g.last.x, p.y - g.last.y);
      g.last = p;
    } else if (g.kind === 'pinch') {
      const [a, b] = [...this.pointers.values()] as [Point, Point];
      const mid = midpoint(a, b);
      const zoom = clampZoom((g.startZoom * distance(a, b)) / g.startDistance);
      this.h.zoomAt(zoom, mid, mid.x - g.last.x, mid.y - g.last.y);
      g.last = mid;
    } else if (g.kind === 'tool') {
      this.h.move(p, distance(g.down, p) > CLICK_SLOP);
    }
  }

  private onPointerUp(e: PointerEvent, cancelled = false) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    this.pointers.delete(e.pointerId);
    const g = this.gesture;
    if (g.kind === 'pinch') {
      this.gesture = this.pointers.size > 0 ? { kind: 'spent' } : { kind: 'idle' };
      return;
    }
    if (this.pointers.size > 0) return;
    this.gesture = { kind: 'idle' };
    if (g.kind === 'pan') this.h.panning(false);
    if (g.kind !== 'tool') return;
    if (cancelled) this.h.cancelled();
    else this.h.release(p, distance(g.down, p) > CLICK_SLOP);
  }

  private onWheel(e: WheelEvent) {
    e.preventDefault();
    // Lines (Firefox) and pages count as 16 and 400 pixels.
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    const factor = Math.exp(-e.deltaY * unit * WHEEL_SENSITIVITY);
    this.h.zoomAt(this.h.zoom() * factor, this.toCanvas(e));
  }
}
