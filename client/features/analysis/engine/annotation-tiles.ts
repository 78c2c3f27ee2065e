import type { ViewTransform } from '@common/geometry';
import type { Annotation } from './annotations';
import { drawAnnotations, NO_MEASURE, type Ctx, type Measure } from './draw-shapes';

/** A tile's edge in backing-store pixels. */
const TILE = 256;
/** Below this many annotations, drawing them is cheaper than copying tiles. */
export const TILES_FROM = 24;
/** Cleared tiles kept for reuse after a zoom or a new shape, rather than allocated again. */
const SPARE_MAX = 24;

type Tile = { canvas: OffscreenCanvas | HTMLCanvasElement; ctx: Ctx; used: number; empty: boolean };

function newTile(): Tile | null {
  const canvas =
    typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(TILE, TILE)
      : Object.assign(document.createElement('canvas'), { width: TILE, height: TILE });
  const ctx = canvas.getContext('2d') as Ctx | null;
  return ctx ? { canvas, ctx, used: 0, empty: true } : null;
}

/**
 * The saved annotations drawn once into tiles while only the pan changes, then copied into each frame:
 * panning, playing a video or drawing a new shape over hundreds of saved ones costs a few image copies
 * instead of every stroke again.
 *
 * The tiles lie on the backing store's pixel grid of the view they were drawn for (the origin). A later
 * frame is drawn moved by whole device pixels from it, so the copies are exact, never resampled; the
 * media is drawn with the same snapped view, so drawings and athlete stay together, at most half a
 * device pixel from where the pointer put them. A change of zoom, size or annotations starts again from
 * the view of that frame.
 */
export class AnnotationTiles {
  private key = '';
  private origin: ViewTransform | null = null;
  private offsetX = 0;
  private offsetY = 0;
  private clock = 0;
  private readonly tiles = new Map<string, Tile>();
  private spare: Tile[] = [];
  private unavailable = false;
  /** Tiles drawn so far (the render benchmark reports it). */
  drawn = 0;

  /**
   * Starts a frame. Returns the view snapped to the tiles' pixel grid when the annotations will come
   * from tiles, or null when the frame should draw them itself: there are too few to be worth it, or
   * the zoom, size or annotations changed since the last frame (a pinch, a wheel, a new shape), when
   * tiles would be thrown away as soon as drawn.
   */
  begin(
    view: ViewTransform,
    revision: number,
    count: number,
    scale: number,
    textScale: number,
  ): ViewTransform | null {
    if (count < TILES_FROM || this.unavailable) {
      if (this.origin) this.release();
      return null;
    }
    const { box } = view;
    const key = `${revision} ${view.zoom} ${box.x} ${box.y} ${box.scale} ${scale} ${textScale}`;
    const origin = this.origin;
    if (key !== this.key || !origin) {
      this.recycle();
      this.key = key;
      this.origin = view;
      return null;
    }
    this.offsetX = Math.round((view.panX - origin.panX) * scale);
    this.offsetY = Math.round((view.panY - origin.panY) * scale);
    return { ...view, panX: origin.panX + this.offsetX / scale, panY: origin.panY + this.offsetY / scale };
  }

  /**
   * Copies the tiles that cover a `width` × `height` surface onto it, drawing those it lacks. Call
   * after `begin` returned a view. Leaves the transform at identity. Returns false, having drawn
   * nothing, if no tile can be made (out of memory): the caller then draws the annotations itself.
   */
  draw(
    ctx: CanvasRenderingContext2D,
    annotations: readonly Annotation[],
    width: number,
    height: number,
    scale: number,
    textScale: number,
    measure: Measure = NO_MEASURE,
  ): boolean {
    const origin = this.origin!;
    const ox = this.offsetX;
    const oy = this.offsetY;
    const i0 = Math.floor(-ox / TILE);
    const i1 = Math.floor((width - 1 - ox) / TILE);
    const j0 = Math.floor(-oy / TILE);
    const j1 = Math.floor((height - 1 - oy) / TILE);
    const time = ++this.clock;
    const copies: [Tile, number, number][] = [];
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const id = `${i},${j}`;
        let tile = this.tiles.get(id);
        if (!tile) {
          const made = this.render(i, j, origin, annotations, scale, textScale, measure);
          if (!made) {
            this.unavailable = true;
            this.release();
            return false;
          }
          tile = made;
          this.tiles.set(id, tile);
        }
        tile.used = time;
        if (!tile.empty) copies.push([tile, ox + i * TILE, oy + j * TILE]);
      }
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    for (const [tile, x, y] of copies) ctx.drawImage(tile.canvas, x, y);
    // Keep the tiles on screen and a ring around them, for a pan that turns back.
    this.evict((i1 - i0 + 3) * (j1 - j0 + 3));
    return true;
  }

  /** Frees every tile (the engine is going away, or there are too few annotations to need them). */
  release() {
    this.tiles.clear();
    this.spare = [];
    this.key = '';
    this.origin = null;
  }

  private render(
    i: number,
    j: number,
    origin: ViewTransform,
    annotations: readonly Annotation[],
    scale: number,
    textScale: number,
    measure: Measure,
  ): Tile | null {
    const tile = this.spare.pop() ?? newTile();
    if (!tile) return null;
    const c = tile.ctx;
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.clearRect(0, 0, TILE, TILE);
    c.setTransform(scale, 0, 0, scale, -i * TILE, -j * TILE);
    const size = TILE / scale;
    const area = { x: i * size, y: j * size, width: size, height: size };
    tile.empty = drawAnnotations(c, origin, annotations, area, textScale, measure) === 0;
    this.drawn++;
    return tile;
  }

  /** Every tile is stale: keep their canvases for the tiles to come. */
  private recycle() {
    for (const tile of this.tiles.values()) if (this.spare.length < SPARE_MAX) this.spare.push(tile);
    this.tiles.clear();
  }

  /** Drops the tiles used longest ago beyond `keep`. */
  private evict(keep: number) {
    if (this.tiles.size <= keep) return;
    const byAge = [...this.tiles].sort((a, b) => a[1].used - b[1].used);
    for (const [id, tile] of byAge.slice(0, this.tiles.size - keep)) {
      this.tiles.delete(id);
      if (this.spare.length < SPARE_MAX) this.spare.push(tile);
    }
  }
}
