import { describe, expect, it } from 'vitest';
import { makeView, mediaToScreen, panBy, zoomAbout } from '@common/geometry';
import { blendChannel, clampOpacity, formatOpacity, overlayView } from './overlay';

describe('overlayView', () => {
  const wide = { width: 320, height: 180 };
  const square = { width: 240, height: 180 };

  it('puts each clip in its own letterbox when neither player is zoomed or panned', () => {
    const base = makeView(wide);
    const own = makeView(square);
    const v = overlayView(base, own);
    // 4:3 at 400 px high is 533⅓ px wide, centred in 800.
    expect(mediaToScreen(v, { x: 0, y: 0 }).x).toBeCloseTo(133.33, 2);
    expect(mediaToScreen(v, { x: 240, y: 180 })).toEqual(mediaToScreen(own, { x: 240, y: 180 }));
    expect(mediaToScreen(v, { x: 120, y: 90 })).toEqual({ x: 400, y: 200 });
  });

  it("applies player 1's zoom and pan to the overlay as to player 1's own picture", () => {
    const base = panBy(zoomAbout(makeView(wide), 2, { x: 300, y: 120 }), 15, -40);
    const v = overlayView(base, makeView(wide));
    // Same size of clip: the overlay lands exactly where player 1's picture is.
    for (const p of [
      { x: 0, y: 0 },
      { x: 160, y: 90 },
      { x: 301, y: 17 },
    ]) {
      const a = mediaToScreen(v, p);
      const b = mediaToScreen(base, p);
      expect(a.x).toBeCloseTo(b.x, 9);
      expect(a.y).toBeCloseTo(b.y, 9);
    }
  });

  it("keeps player 2's own zoom and pan as its alignment, under player 1's", () => {
    const own = panBy(zoomAbout(makeView(square), 1.5, { x: 400, y: 200 }), -30, 10);
    const base = panBy(zoomAbout(makeView(wide), 2, { x: 100, y: 100 }), 5, 7);
    const v = overlayView(base, own);
    const p = { x: 50, y: 60 };
    // Where player 2's canvas shows the point, then moved by player 1's zoom and pan.
    const onOwn = mediaToScreen(own, p);
    const expected = { x: onOwn.x * base.zoom + base.panX, y: onOwn.y * base.zoom + base.panY };
    const got = mediaToScreen(v, p);
    expect(got.x).toBeCloseTo(expected.x, 9);
    expect(got.y).toBeCloseTo(expected.y, 9);
  });
});

describe('opacity', () => {
  it('is kept to 0–1, the default for what is no number', () => {
    expect(clampOpacity(0.3)).toBe(0.3);
    expect(clampOpacity(-1)).toBe(0);
    expect(clampOpacity(7)).toBe(1);
    expect(clampOpacity(Number.NaN)).toBe(0.5);
  });

  it('reads as whole percents', () => {
    expect(formatOpacity(0.3)).toBe('30%');
    expect(formatOpacity(0)).toBe('0%');
    expect(formatOpacity(1)).toBe('100%');
    expect(formatOpacity(0.456)).toBe('46%');
  });

  it('blends a channel as source-over does', () => {
    expect(blendChannel(200, 40, 0.3)).toBe(152);
    expect(blendChannel(200, 40, 0)).toBe(200);
    expect(blendChannel(200, 40, 1)).toBe(40);
  });
});
