import { CANVAS_HEIGHT, CANVAS_WIDTH } from '@common/geometry';

/**
 * The analysis tool's two canvases on its host element. The drawing canvas (`width=800 height=400`,
 * scaled by CSS) takes the pointer and keyboard focus (it is named `label`, a widget of its own: see
 * shortcuts.ts for its keys) and carries data-* attributes for tests; beneath
 * it, the surface that is drawn on has a backing store following the displayed size ×
 * devicePixelRatio, so lines stay sharp on any screen.
 */
export class Stage {
  readonly canvas: HTMLCanvasElement;
  readonly surface: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  /** Angle values grow where the canvas is shown smaller than 800 px (up to 2× on a phone). */
  textScale = 1;
  private readonly resizeObserver: ResizeObserver;

  /** `resized` runs when the backing store changed size (which wipes it): draw at once. */
  constructor(host: HTMLElement, label: string, resized: () => void) {
    host.style.position = 'relative';
    this.surface = document.createElement('canvas');
    this.surface.setAttribute('aria-hidden', 'true');
    Object.assign(this.surface.style, {
      position: 'absolute',
      inset: '0',
      width: '100%',
      height: '100%',
      pointerEvents: 'none',
    });
    this.canvas = document.createElement('canvas');
    this.canvas.width = CANVAS_WIDTH;
    this.canvas.height = CANVAS_HEIGHT;
    this.canvas.tabIndex = 0;
    // An application: it takes the arrow keys, Enter and Space itself, so screen readers pass them on.
    this.canvas.setAttribute('role', 'application');
    this.canvas.setAttribute('aria-label', label);
    Object.assign(this.canvas.style, {
      position: 'relative',
      display: 'block',
      width: '100%',
      height: 'auto',
      aspectRatio: `${CANVAS_WIDTH} / ${CANVAS_HEIGHT}`,
      touchAction: 'none',
      userSelect: 'none',
      webkitUserSelect: 'none',
    });
    host.append(this.surface, this.canvas);
    this.ctx = this.surface.getContext('2d', { alpha: false })!;

    this.resizeObserver = new ResizeObserver((entries) => {
      if (entries[0] && this.resize(entries[0])) resized();
    });
    try {
      this.resizeObserver.observe(this.canvas, { box: 'device-pixel-content-box' });
    } catch {
      this.resizeObserver.observe(this.canvas);
    }
  }

  /** Logical canvas pixels to backing-store pixels; 0 until the canvas has been laid out. */
  get scale(): number {
    return this.surface.width / CANVAS_WIDTH;
  }

  destroy() {
    this.resizeObserver.disconnect();
    this.surface.remove();
    this.canvas.remove();
  }

  private resize(entry: ResizeObserverEntry): boolean {
    const cssWidth = entry.contentRect.width;
    const estimate = Math.round(cssWidth * (window.devicePixelRatio || 1));
    // The device-pixel box is exact where it exists (not in Safari). Emulated screens (DevTools, test
    // browsers) can leave either it or devicePixelRatio at 1×: where the two disagree, the larger one
    // keeps lines sharp.
    const device = entry.devicePixelContentBoxSize?.[0]?.inlineSize;
    const width =
      device === undefined
        ? estimate
        : Math.abs(device - estimate) <= 2
          ? device
          : Math.max(device, estimate);
    const height = Math.round(width / 2);
    this.textScale = cssWidth > 0 ? Math.min(2, Math.max(1, CANVAS_WIDTH / cssWidth)) : 1;
    if (width === this.surface.width && height === this.surface.height) return false;
    this.surface.width = width;
    this.surface.height = height;
    return true;
  }
}
