import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForPage } from './fixtures/bundle';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './fixtures/chromium';
import type { FrameCheck, Step } from './fixtures/tiles-page';

// The analysis engine copies its saved annotations from tiles while only the pan changes. What the
// member sees must be what drawing every shape directly shows: no seams between tiles, no value cut
// off at a tile's edge, no stale tile after a shape is added, and the picture and drawings together.

let script: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  script = await bundleForPage('e2e/fixtures/tiles-page.ts');
});

afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
});

async function run(devicePixelRatio: number, count: number, zoom: number, steps: Step[]) {
  // A real high-density screen: emulating one through the page leaves device-pixel-content-box at 1×.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--force-device-scale-factor=${devicePixelRatio}`],
  });
  browsers.push(browser);
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.setContent('<!doctype html><body style="margin:0"><div id="host" style="width:800px"></div>');
  await page.addScriptTag({ content: script });
  const frames = await page.evaluate(
    ([c, z, s]) =>
      (
        window as unknown as { checkTiles: (c: number, z: number, s: Step[]) => Promise<FrameCheck[]> }
      ).checkTiles(c, z, s),
    [count, zoom, steps] as const,
  );
  expect(errors).toEqual([]);
  return frames;
}

const PANS: Step[] = [
  { pan: [0, 0] },
  { pan: [7, -3] },
  { pan: [-12, 5] },
  // Far enough to bring tiles never shown into view, and back.
  { pan: [180, 60] },
  { pan: [-420, -150] },
  { pan: [64, 0] },
];

describe('analysis canvas tiles', () => {
  for (const dpr of [1, 2]) {
    it(`shows what a direct drawing shows while panning over 120 annotations (devicePixelRatio ${dpr})`, async () => {
      const frames = await run(dpr, 120, 1.5, PANS);
      // The tiles were used (a test of a cache that never ran would prove nothing)…
      expect(frames.at(-1)!.tilesDrawn).toBeGreaterThan(frames[0]!.tilesDrawn);
      expect(frames[0]!.tilesDrawn).toBeGreaterThan(0);
      // …and every frame looks the same as drawing every shape directly.
      for (const f of frames) expect(f.differing).toBeLessThan(0.0001);
    });
  }

  it('draws a newly saved shape at once, and tiles again from the next frame', async () => {
    const frames = await run(1, 60, 2, [
      { pan: [3, 3] },
      { add: 1 },
      { pan: [25, -10] },
      { add: 10 },
      { pan: [0, 0] },
      { pan: [-40, 12] },
    ]);
    const drawn = frames.map((f) => f.tilesDrawn);
    // Adding shapes throws the tiles away: the frame after each new shape draws tiles again.
    expect(drawn[2]!).toBeGreaterThan(drawn[1]!);
    expect(drawn[4]!).toBeGreaterThan(drawn[3]!);
    for (const f of frames) expect(f.differing).toBeLessThan(0.0001);
  });

  it('draws fewer than 24 annotations directly, without tiles', async () => {
    const frames = await run(1, 10, 1.5, PANS);
    expect(frames.at(-1)!.tilesDrawn).toBe(0);
    for (const f of frames) expect(f.differing).toBeLessThan(0.0001);
  });
});
