// Benchmark: the analysis engine redraws 500 mixed annotations (freehand paths, lines, angles with
// their values) over a picture, beside the same shapes drawn by bare canvas calls in the same page,
// frame by frame in turn. Each frame repaints the whole canvas and is timed until it is rasterised.
// Two phases: panning (the engine copies its annotation tiles, drawing those newly in view), then
// pinching (the zoom changes every frame, so the engine draws every visible shape again).
// Prints the median and p95 of both and their ratio. Goals (docs/architecture.md "Performance budgets"), for panning: p95 < 8 ms and at
// most 1.5× the bare drawing; pinching is held to the same 1.5×.
// Usage: node --import tsx bench/analysis-render.ts [annotations] [frames] [zoom] [devicePixelRatio]
import { chromium } from 'playwright-core';
import { bundleForPage } from '../e2e/fixtures/bundle';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/fixtures/chromium';

const COUNT = Number(process.argv[2] ?? 500);
const FRAMES = Number(process.argv[3] ?? 300);
const ZOOM = Number(process.argv[4] ?? 1.5);
const DPR = Number(process.argv[5] ?? 1);

const script = await bundleForPage('bench/lib/analysis-page.ts');

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  // A real high-density screen: emulating one through the page leaves device-pixel-content-box at 1×.
  args: [...CHROMIUM_ARGS, `--force-device-scale-factor=${DPR}`],
});
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  page.on('pageerror', (e) => console.error('page error:', e));
  await page.setContent(
    '<!doctype html><body style="margin:0;background:#111">' +
      '<div id="host" style="width:800px"></div><canvas id="bare" style="width:800px;height:400px"></canvas>' +
      '</body>',
  );
  await page.addScriptTag({ content: script });
  type Stats = { median: number; p95: number; max: number };
  type Result = {
    pan: { engine: Stats; bare: Stats; tiles: number };
    pinch: { engine: Stats; bare: Stats };
    size: number[];
  };
  const r = await page.evaluate(
    ([count, frames, zoom]) =>
      (window as unknown as { runBench: (c: number, f: number, z: number) => Promise<Result> }).runBench(
        count!,
        frames!,
        zoom!,
      ),
    [COUNT, FRAMES, ZOOM],
  );
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const line = (name: string, s: Stats) =>
    `    ${name}  median ${ms(s.median)}  p95 ${ms(s.p95)}  max ${ms(s.max)}`;
  const ratio = (p: { engine: Stats; bare: Stats }) => p.engine.p95 / p.bare.p95;
  console.log(
    `analysis redraw: ${COUNT} annotations, ${FRAMES} frames a phase, zoom ${ZOOM}, canvas ${r.size.join('×')}`,
  );
  for (const [name, phase] of [
    [`panning (${r.pan.tiles} tiles drawn during the measured frames)`, r.pan],
    ['pinching', r.pinch],
  ] as const) {
    console.log(`  ${name}`);
    console.log(line('engine', phase.engine));
    console.log(line('bare  ', phase.bare));
    console.log(
      `    ratio (p95 engine / bare) ${ratio(phase).toFixed(2)}×, median ${(phase.engine.median / phase.bare.median).toFixed(2)}×`,
    );
  }
  const fast = r.pan.engine.p95 < 8;
  const lean = ratio(r.pan) <= 1.5 && ratio(r.pinch) <= 1.5;
  console.log(
    `  goals: panning p95 < 8 ms ${fast ? 'met' : 'MISSED'}; ≤ 1.5× bare ${lean ? 'met' : 'MISSED'}`,
  );
  process.exitCode = fast && lean ? 0 : 1;
} finally {
  await browser.close();
}
