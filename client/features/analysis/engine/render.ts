import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  mediaToScreen,
  viewScale,
  type Point,
  type ViewTransform,
} from '@common/geometry';
import type { Annotation, Pending } from './annotations';
import type { AnnotationTiles } from './annotation-tiles';
import { drawPose, type PoseOverlay } from '../pose/draw-pose';
import {
  NO_MEASURE,
  drawAnnotations,
  drawCalibration,
  drawCrosshair,
  drawPending,
  drawStopwatches,
  type Clock,
  type Measure,
} from './draw-shapes';
import { overlayView } from './overlay';

/** What a frame shows. The media is drawn only once it has a size. */
export type Scene = {
  view: ViewTransform;
  media: CanvasImageSource | null;
  mediaSize: { width: number; height: number } | null;
  annotations: readonly Annotation[];
  /** Changes whenever the annotations do (they are edited in place). */
  revision: number;
  pending: Pending | null;
  /** The athlete's skeleton over the media (issue 19), when pose is on and found one. */
  pose?: PoseOverlay | null;
  /** The frame shown and the player's timing, which the stopwatches read (issue 33); none: frame 0 at 30 fps. */
  clock?: Clock | null;
  /**
   * The player's calibration and timing (issue 33): lengths in its unit, a trajectory's speed, and its
   * reference line drawn dashed. None: pixels at 30 fps.
   */
  measure?: Measure;
  /** The keyboard's crosshair (logical canvas pixels) in the chosen tool's colour, while it shows. */
  crosshair?: { at: Point; color: string } | null;
  /**
   * Another player drawn over this one (Side by Side's Overlay, decision 64): its picture at `opacity`
   * (0–1) in its own letterbox under this view's zoom and pan, then its skeleton and drawings at full opacity.
   */
  overlay?: { scene: Scene; opacity: number } | null;
};

const BACKGROUND = '#000000';
const NO_CLOCK: Clock = { frame: 0, timing: { fileFps: 30, captureFps: 30 } };
const FULL_CANVAS = { x: 0, y: 0, width: CANVAS_WIDTH, height: CANVAS_HEIGHT };

/**
 * Draws a whole frame: background, media, saved annotations in order with their values, then the
 * gesture under way and the keyboard's crosshair. `scale` maps logical canvas pixels to backing-store pixels (CSS size ×
 * devicePixelRatio ÷ 800); `textScale` enlarges the values on a small screen. With `tiles`, the saved
 * annotations come from that cache whenever only the pan has changed since the last frame.
 */
export function renderScene(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  scale: number,
  textScale = 1,
  tiles?: AnnotationTiles,
) {
  const { annotations } = scene;
  const snapped = tiles?.begin(scene.view, scene.revision, annotations.length, scale, textScale) ?? null;
  const view = snapped ?? scene.view;

  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  if (scene.media && scene.mediaSize) {
    const origin = mediaToScreen(view, { x: 0, y: 0 });
    const s = viewScale(view);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = view.zoom > 1.5 ? 'medium' : 'low';
    ctx.drawImage(scene.media, origin.x, origin.y, scene.mediaSize.width * s, scene.mediaSize.height * s);
  }
  const over = scene.overlay;
  const overView = over ? overlayView(view, over.scene.view) : null;
  if (over && overView) drawOverlayMedia(ctx, over.scene, overView, over.opacity);
  if (scene.media && scene.mediaSize && scene.pose) drawPose(ctx, view, scene.pose);
  if (over && overView) drawOverlayMarks(ctx, over.scene, overView, scale, textScale);

  const measure = scene.measure ?? NO_MEASURE;
  if (measure.calibration && scene.mediaSize) {
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    drawCalibration(ctx, view, measure.calibration, textScale);
  }
  const { width, height } = ctx.canvas;
  if (!snapped || !tiles!.draw(ctx, annotations, width, height, scale, textScale, measure)) {
    drawAnnotations(ctx, view, annotations, FULL_CANVAS, textScale, measure);
  }
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  drawStopwatches(ctx, view, annotations, scene.clock ?? NO_CLOCK, textScale);
  if (scene.pending) {
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    drawPending(ctx, view, scene.pending);
  }
  if (scene.crosshair) {
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    drawCrosshair(ctx, scene.crosshair.at, scene.crosshair.color, textScale);
  }
}

/** The other player's picture, at `opacity`, where `view` puts it (over this player's picture). */
function drawOverlayMedia(ctx: CanvasRenderingContext2D, scene: Scene, view: ViewTransform, opacity: number) {
  if (!scene.media || !scene.mediaSize || opacity <= 0) return;
  const origin = mediaToScreen(view, { x: 0, y: 0 });
  const s = viewScale(view);
  ctx.save();
  ctx.globalAlpha = opacity;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = view.zoom > 1.5 ? 'medium' : 'low';
  ctx.drawImage(scene.media, origin.x, origin.y, scene.mediaSize.width * s, scene.mediaSize.height * s);
  ctx.restore();
}

/**
 * The other player's skeleton, reference line, drawings and stopwatches at full opacity (decision 64),
 * each read with its own calibration and clock.
 */
function drawOverlayMarks(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  view: ViewTransform,
  scale: number,
  textScale: number,
) {
  if (scene.pose && scene.media) drawPose(ctx, view, scene.pose);
  const measure = scene.measure ?? NO_MEASURE;
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  if (measure.calibration && scene.mediaSize) drawCalibration(ctx, view, measure.calibration, textScale);
  drawAnnotations(ctx, view, scene.annotations, FULL_CANVAS, textScale, measure);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  drawStopwatches(ctx, view, scene.annotations, scene.clock ?? NO_CLOCK, textScale);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
}
