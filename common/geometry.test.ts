import { describe, expect, it } from 'vitest';
import {
  angleBannerText,
  clampZoom,
  clientToCanvas,
  directedAngle,
  formatAngle,
  letterbox,
  makeView,
  measureAngle,
  mediaToScreen,
  panBy,
  reflectAngle,
  screenToMedia,
  simplifyPath,
  zoomAbout,
  type Point,
  type ViewTransform,
} from './geometry';

const close = (a: Point, b: Point) => {
  expect(a.x).toBeCloseTo(b.x, 9);
  expect(a.y).toBeCloseTo(b.y, 9);
};

describe('angles', () => {
  it.each([
    ['a right angle', { x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 10 }, '90.0'],
    ['a 3-4-5 right angle off the axes', { x: 1, y: 1 }, { x: 4, y: 5 }, { x: 5, y: -2 }, '90.0'],
    ['half a right angle', { x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, '45.0'],
    ['an obtuse 135°', { x: 0, y: 0 }, { x: 10, y: 0 }, { x: -10, y: 10 }, '135.0'],
    ['a straight line', { x: 0, y: 0 }, { x: 10, y: 0 }, { x: -10, y: 0 }, '180.0'],
  ])('measures %s', (_name, vertex, p1, p2, shown) => {
    expect(formatAngle(measureAngle(vertex, p1, p2))).toBe(shown);
  });

  it('is the same whichever arm comes first', () => {
    const v = { x: 0, y: 0 };
    expect(measureAngle(v, { x: 10, y: 0 }, { x: 10, y: 10 })).toBeCloseTo(45, 9);
    expect(measureAngle(v, { x: 10, y: 10 }, { x: 10, y: 0 })).toBeCloseTo(45, 9);
  });

  it('shows a 270° measure as 90.0', () => {
    const v = { x: 0, y: 0 };
    // From +x round to −y is 270° in the canvas's turning direction (y grows downwards).
    expect(directedAngle(v, { x: 10, y: 0 }, { x: 0, y: -10 })).toBeCloseTo(270, 9);
    expect(reflectAngle(270)).toBe(90);
    expect(formatAngle(measureAngle(v, { x: 10, y: 0 }, { x: 0, y: -10 }))).toBe('90.0');
    expect(reflectAngle(180)).toBe(180);
    expect(reflectAngle(181)).toBe(179);
  });

  it('rounds to 1 decimal', () => {
    expect(formatAngle(90)).toBe('90.0');
    expect(formatAngle(44.96)).toBe('45.0');
    expect(formatAngle(44.94)).toBe('44.9');
    expect(formatAngle(0.35)).toBe('0.4');
    expect(formatAngle(1.05)).toBe('1.1');
    expect(formatAngle(179.99)).toBe('180.0');
    expect(formatAngle(0)).toBe('0.0');
    // 30° from a triangle with irrational sides.
    expect(formatAngle(measureAngle({ x: 0, y: 0 }, { x: 1, y: 0 }, { x: Math.sqrt(3), y: 1 }))).toBe('30.0');
  });

  it("writes the banner as 'Measured Angle: 90.0°'", () => {
    expect(angleBannerText(90)).toBe('Measured Angle: 90.0°');
  });

  it('gives 0 for a zero-length arm', () => {
    expect(measureAngle({ x: 1, y: 1 }, { x: 1, y: 1 }, { x: 5, y: 1 })).toBe(0);
  });
});

describe('zoom clamp', () => {
  it.each([
    [1, 1],
    [0.5, 0.5],
    [4, 4],
    [0.49, 0.5],
    [0.1, 0.5],
    [4.01, 4],
    [100, 4],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])('%s → %s', (zoom, clamped) => {
    expect(clampZoom(zoom)).toBe(clamped);
  });

  it('clamps a zoom about a point too', () => {
    const view = makeView({ width: 800, height: 400 });
    expect(zoomAbout(view, 10, { x: 400, y: 200 }).zoom).toBe(4);
    expect(zoomAbout(view, 0.01, { x: 400, y: 200 }).zoom).toBe(0.5);
  });
});

describe('letterbox', () => {
  it('fits a wide video to the width and centres it vertically', () => {
    expect(letterbox({ width: 1600, height: 400 })).toEqual({ x: 0, y: 100, scale: 0.5 });
  });
  it('fits a tall phone video to the height and centres it horizontally', () => {
    expect(letterbox({ width: 1080, height: 1920 })).toEqual({
      x: (800 - 1080 * (400 / 1920)) / 2,
      y: 0,
      scale: 400 / 1920,
    });
  });
  it('leaves a 2:1 picture of the canvas size alone', () => {
    expect(letterbox({ width: 800, height: 400 })).toEqual({ x: 0, y: 0, scale: 1 });
  });
});

describe('screen ↔ media', () => {
  const media = { width: 1920, height: 1080 };
  const views: [string, ViewTransform][] = [
    ['zoom 1, no pan', makeView(media)],
    ['zoom 2, no pan', { ...makeView(media), zoom: 2 }],
    ['zoom 0.5, panned', { ...makeView(media), zoom: 0.5, panX: 120, panY: -40 }],
    ['zoom 4, panned', { ...makeView(media), zoom: 4, panX: -1500, panY: -700 }],
    ['zoom 1.5 about a point', zoomAbout(makeView(media), 1.5, { x: 300, y: 100 })],
  ];

  it.each(views)('round-trips at %s', (_name, view) => {
    for (const p of [
      { x: 0, y: 0 },
      { x: 960, y: 540 },
      { x: 1919, y: 3 },
      { x: -20, y: 2000 },
    ]) {
      close(screenToMedia(view, mediaToScreen(view, p)), p);
    }
  });

  it('maps known points', () => {
    const view = makeView(media); // scale 400/1080, width 711.1, x offset 44.4
    const box = letterbox(media);
    close(mediaToScreen(view, { x: 0, y: 0 }), { x: box.x, y: 0 });
    close(mediaToScreen(view, { x: 1920, y: 1080 }), { x: 800 - box.x, y: 400 });
    const zoomed = { ...view, zoom: 2, panX: -400, panY: -200 };
    // The centre of the media stays at the centre of the canvas when zoomed 2× about it.
    close(mediaToScreen(zoomed, { x: 960, y: 540 }), { x: 400, y: 200 });
    close(screenToMedia(zoomed, { x: 400, y: 200 }), { x: 960, y: 540 });
    const panned = panBy(view, 30, -10);
    close(mediaToScreen(panned, { x: 0, y: 0 }), { x: box.x + 30, y: -10 });
  });

  it('keeps the point under the pointer when zooming about it', () => {
    const view = { ...makeView(media), zoom: 1.3, panX: 25, panY: -15 };
    const anchor = { x: 610, y: 95 };
    const before = screenToMedia(view, anchor);
    for (const zoom of [0.5, 1, 2, 4]) close(screenToMedia(zoomAbout(view, zoom, anchor), anchor), before);
  });

  it('puts an annotation drawn at zoom 2 on the same media point at zoom 1', () => {
    const atOne = makeView(media);
    const atTwo = zoomAbout(atOne, 2, { x: 500, y: 300 });
    // The member clicks the athlete's knee at screen (532, 241) while zoomed 2×.
    const knee = screenToMedia(atTwo, { x: 532, y: 241 });
    // Back at zoom 1 the annotation is drawn where that media pixel is shown…
    const shown = mediaToScreen(atOne, knee);
    // …which is the screen point that maps to the same media pixel.
    close(screenToMedia(atOne, shown), knee);
    // And it is the point the 2× view showed there, undone: (532 − pan) / 2.
    close(shown, { x: (532 - atTwo.panX) / 2, y: (241 - atTwo.panY) / 2 });
  });

  it('converts client coordinates of a CSS-scaled canvas to logical ones', () => {
    // A 390 px phone shows the 800 × 400 canvas 358 × 179 at (16, 300).
    const rect = { left: 16, top: 300, width: 358, height: 179 };
    close(clientToCanvas({ x: 16 + 179, y: 300 + 89.5 }, rect), { x: 400, y: 200 });
    close(clientToCanvas({ x: 16, y: 300 }, rect), { x: 0, y: 0 });
  });
});

describe('simplifyPath', () => {
  it('drops points on a straight run and keeps the corners', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 2, y: 0.1 },
      { x: 3, y: 0 },
      { x: 3, y: 5 },
    ];
    expect(simplifyPath(pts, 0.5)).toEqual([pts[0], pts[3], pts[4]]);
  });

  it('keeps every point of a path within the tolerance of the result', () => {
    const pts = Array.from({ length: 200 }, (_, i) => ({ x: i * 2, y: 40 * Math.sin(i / 10) }));
    const simple = simplifyPath(pts, 0.4);
    expect(simple.length).toBeLessThan(pts.length / 3);
    expect(simple[0]).toBe(pts[0]);
    expect(simple.at(-1)).toBe(pts.at(-1));
    // Each original point lies within 0.4 of the segment of the simplified path that spans it.
    const toSegment = (p: Point, a: Point, b: Point) => {
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
      return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
    };
    for (const p of pts) {
      const j = Math.max(
        1,
        simple.findIndex((q) => q.x >= p.x),
      );
      expect(toSegment(p, simple[j - 1]!, simple[j]!)).toBeLessThanOrEqual(0.4 + 1e-9);
    }
  });

  it('leaves short paths alone', () => {
    expect(simplifyPath([{ x: 1, y: 1 }], 1)).toEqual([{ x: 1, y: 1 }]);
    expect(simplifyPath([], 1)).toEqual([]);
  });
});
