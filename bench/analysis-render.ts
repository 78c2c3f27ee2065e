// Benchmark: the analysis engine redraws 500 mixed annotations (freehand paths, lines, angles with
// their values) over a picture while the view pans, beside the same shapes drawn by bare canvas calls
// in the same page, frame by frame in turn. Each frame is timed until it is rasterised. Prints the
// median and p95 of both and their ratio. Goals (DESIGN.md): p95 < 8 ms; at most 1.5× the bare drawing.
// Usage: node --import tsx bench/analysis-render.ts [annotations] [frames] [zoom]
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/fixtures/chromium';

const COUNT = Number(process.argv[2] ?? 500);
const FRAMES = Number(process.argv[3] ?? 300);
const ZOOM = Number(process.argv[4] ?? 1.5);
const root = path.resolve(import.meta.dirname, '..');

const bundle = await build({
  absWorkingDir: root,
  entryPoints: [path.join(root, 'bench', 'lib', 'analysis-page.ts')],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  logLevel: 'warning',
});
const script = bundle.outputFiles[0]!.text;

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 }, deviceScaleFactor: 1 });
  page.on('pageerror', (e) => console.error('page error:', e));
  await page.setContent(
    '<!doctype html><body style="margin:0;background:#111">' +
      '<div id="host" style="width:800px"></div><canvas id="bare" style="width:800px;height:400px"></canvas>' +
      '</body>',
  );
  await page.addScriptTag({ content: script });
  const r = await page.evaluate(
    ([count, frames, zoom]) =>
      (
        window as unknown as {
          runBench: (
            c: number,
            f: number,
            z: number,
          ) => Promise<{
            engine: { median: number; p95: number; max: number };
            bare: { median: number; p95: number; max: number };
            size: number[];
          }>;
        }
      ).runBench(count!, frames!, zoom!),
    [COUNT, FRAMES, ZOOM],
  );
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  console.log(
    `analysis redraw: ${COUNT} annotations, ${FRAMES} frames, zoom ${ZOOM}, canvas ${r.size.join('×')}`,
  );
  console.log(`  engine  median ${ms(r.engine.median)}  p95 ${ms(r.engine.p95)}  max ${ms(r.engine.max)}`);
  console.log(`  bare    median ${ms(r.bare.median)}  p95 ${ms(r.bare.p95)}  max ${ms(r.bare.max)}`);
  const ratio = r.engine.p95 / r.bare.p95;
  console.log(
    `  ratio (p95 engine / bare) ${ratio.toFixed(2)}×, median ${(r.engine.median / r.bare.median).toFixed(2)}×`,
  );
  const ok = r.engine.p95 < 8 && ratio <= 1.5;
  console.log(
    `  goals: p95 < 8 ms ${r.engine.p95 < 8 ? 'met' : 'MISSED'}; ≤ 1.5× bare ${ratio <= 1.5 ? 'met' : 'MISSED'}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
}
