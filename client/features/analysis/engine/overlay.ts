import type { ViewTransform } from '@common/geometry';

/**
 * Side by Side's Overlay (issue 33, decision 64): player 2's picture drawn over player 1's. Pure
 * helpers, unit-tested in Node; the drawing is render.ts's and the wiring the engine's.
 */

/** The opacity a new overlay starts at: both athletes equally visible. */
export const DEFAULT_OVERLAY_OPACITY = 0.5;

/** An opacity kept to 0–1; anything not a number gives the default. */
export function clampOpacity(opacity: number): number {
  if (!Number.isFinite(opacity)) return DEFAULT_OVERLAY_OPACITY;
  return Math.min(1, Math.max(0, opacity));
}

/** An opacity as the slider says it: 0.3 → '30%' (whole percents, as the zoom reading). */
export function formatOpacity(opacity: number): string {
  return `${Math.round(clampOpacity(opacity) * 100)}%`;
}

/**
 * Where the overlaid player is drawn on the base player's canvas. Each clip keeps its own letterbox
 * (fit and centred in the 800 × 400 canvas, so two clips filmed alike line up with no effort); the
 * overlaid player's own zoom and pan, made on its own canvas, are its alignment relative to the base;
 * and the base player's zoom and pan then apply to both, so zooming player 1 keeps them lined up.
 * screen = base(zoom, pan) ∘ own(zoom, pan) ∘ own letterbox: a view with the own box, the zooms
 * multiplied and the own pan scaled by the base zoom, plus the base pan.
 */
export function overlayView(base: ViewTransform, own: ViewTransform): ViewTransform {
  return {
    box: own.box,
    zoom: base.zoom * own.zoom,
    panX: base.zoom * own.panX + base.panX,
    panY: base.zoom * own.panY + base.panY,
  };
}

/** One colour channel as the canvas blends it: the overlay's value over the base's at `opacity`. */
export function blendChannel(base: number, over: number, opacity: number): number {
  const a = clampOpacity(opacity);
  return Math.round(base * (1 - a) + over * a);
}
