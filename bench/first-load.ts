// Benchmark: the first visit on a phone (issue 14, docs/decisions.md decision 19). Lighthouse's mobile preset
// (simulated slow 4G, 4× CPU) on `/` signed out and `/think-tanks/physiological` signed in, against the
// production build served by dist/server/main.js on a fresh data folder, beside the same pages of a
// baseline build (by default the landed code before decision 19) measured in the same run.
// --trace (decision 65) also records each page's load in Chromium at a 4× CPU slowdown, with its sampling
// profiler, and lists the longest main-thread tasks and what they ran (scripts, functions, source
// modules: the builds are then made with source maps).
// --dir <folder> measures the build in that folder (a copy of the tree, say) instead of this one's dist/.
// Usage: node --import tsx bench/first-load.ts [--no-build] [--runs 3] [--baseline <git ref> | --baseline none]
//          [--trace] [--dir <folder>]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBuiltServer } from './lib/built-server';
import { baselineBuild, build } from './lib/builds';
import { signUp } from './lib/harness';
import { brotliSize, launchChrome, median, runLighthouse, type PageLoad } from './lib/lighthouse';
import { formatTrace, launchTraceBrowser, tracePageLoad, type PageTrace } from './lib/trace';

/** The last commit before the client was prerendered, split by route and served compressed. */
const DEFAULT_BASELINE = 'dcd27f5';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    baseline: { type: 'string', default: DEFAULT_BASELINE },
    trace: { type: 'boolean', default: false },
    dir: { type: 'string' },
  },
});
const runs = Number(args.runs);
const root = args.dir ? path.resolve(args.dir) : path.resolve(import.meta.dirname, '..');
// Source maps name the module of each function a long task ran (vite.config.ts).
if (args.trace) process.env.BENCH_SOURCEMAP = '1';

type Server = { label: string; dir: string; base: string; cookie: string; close(): Promise<void> };

/** dist/server/main.js of `dir` on a free port and a new data folder, with one member signed up. */
async function startServer(dir: string, label: string): Promise<Server> {
  const server = await startBuiltServer(dir).catch((error: Error) => {
    throw new Error(`${label}: ${error.message}`);
  });
  const cookie = await signUp(server.base, `first-load-${Date.now()}@example.com`);
  return { label, dir, base: server.base, cookie, close: server.close };
}

const PAGES = [
  { name: '/ signed out', path: '/', signedIn: false },
  { name: '/think-tanks/physiological signed in', path: '/think-tanks/physiological', signedIn: true },
] as const;

if (!args['no-build']) build(root);
const servers: Server[] = [];
if (args.baseline !== 'none') {
  const baseline = baselineBuild('first-load', args.baseline);
  servers.push(await startServer(baseline.dir, baseline.label));
}
servers.push(await startServer(root, 'this build'));

const chrome = await launchChrome();
const results = new Map<string, PageLoad[]>();
try {
  for (let run = 1; run <= runs; run++) {
    for (const page of PAGES) {
      for (const server of servers) {
        const load = await runLighthouse(
          chrome,
          server.base + page.path,
          page.signedIn ? server.cookie : undefined,
        );
        const key = `${page.name}|${server.label}`;
        results.set(key, [...(results.get(key) ?? []), load]);
        process.stderr.write(
          `run ${run} ${page.name} (${server.label}): ${load.performance.toFixed(2)}, LCP ${load.lcpMs.toFixed(0)} ms\n`,
        );
      }
    }
  }

  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const columns = ['performance', 'LCP', 'FCP', 'TBT', 'longest task', 'CLS', 'transferred', 'JS sent'];
  console.log(`\nLighthouse mobile preset, median of ${runs} runs`);
  for (const page of PAGES) {
    console.log(`\n${page.name}`);
    console.log(['server'.padEnd(18), ...columns.map((c) => c.padStart(14))].join(''));
    const medians = servers.map((server) => {
      const loads = results.get(`${page.name}|${server.label}`)!;
      const m = (f: (l: PageLoad) => number) => median(loads.map(f));
      const row = {
        performance: m((l) => l.performance),
        lcp: m((l) => l.lcpMs),
        fcp: m((l) => l.fcpMs),
        tbt: m((l) => l.tbtMs),
        longest: m((l) => l.longestTaskMs),
        cls: m((l) => l.cls),
        bytes: m((l) => l.bytes),
        js: m((l) => l.scriptBytes),
      };
      console.log(
        [
          server.label.padEnd(18),
          row.performance.toFixed(2).padStart(14),
          `${(row.lcp / 1000).toFixed(2)} s`.padStart(14),
          `${(row.fcp / 1000).toFixed(2)} s`.padStart(14),
          `${row.tbt.toFixed(0)} ms`.padStart(14),
          `${row.longest.toFixed(0)} ms`.padStart(14),
          row.cls.toFixed(3).padStart(14),
          kib(row.bytes).padStart(14),
          kib(row.js).padStart(14),
        ].join(''),
      );
      return row;
    });
    if (medians.length === 2) {
      const [b, o] = medians as [(typeof medians)[0], (typeof medians)[0]];
      console.log(
        `ours / baseline: performance ${(o.performance / b.performance).toFixed(2)}×, LCP ${(o.lcp / b.lcp).toFixed(2)}×, ` +
          `FCP ${(o.fcp / b.fcp).toFixed(2)}×, TBT ${(o.tbt / Math.max(b.tbt, 1)).toFixed(2)}×, ` +
          `longest task ${(o.longest / Math.max(b.longest, 1)).toFixed(2)}×, bytes ${(o.bytes / b.bytes).toFixed(2)}×`,
      );
    }
  }

  console.log('\nJavaScript loaded on / signed out, compressed with brotli (quality 11); goal ≤ 120 KB');
  for (const server of servers) {
    const scripts = results.get(`${PAGES[0].name}|${server.label}`)![0]!.scripts;
    const size = await brotliSize(scripts);
    console.log(
      `${server.label.padEnd(18)}${`${(size / 1000).toFixed(1)} KB`.padStart(10)} in ${scripts.length} files`,
    );
  }

  if (args.trace) await traces();
} finally {
  chrome.kill();
  for (const server of servers) await server.close();
}

/**
 * --trace: each page of each build loaded `runs` times in Chromium at a 4× CPU slowdown; the medians of
 * the longest task and of the blocking time after the first paint, and the tasks of the median run.
 */
async function traces() {
  const browser = await launchTraceBrowser();
  try {
    console.log(
      `\nChromium trace at 4× CPU slowdown (real, not simulated), median of ${runs} runs: ` +
        'longest main-thread task from navigation until 3 s without a long task',
    );
    for (const page of PAGES) {
      console.log(`\n${page.name}`);
      const medians: number[] = [];
      for (const server of servers) {
        const loads: PageTrace[] = [];
        for (let run = 1; run <= runs; run++) {
          loads.push(
            await tracePageLoad(browser, server.base + page.path, {
              cookie: page.signedIn ? server.cookie : undefined,
              sourceDir: path.join(server.dir, 'dist', 'client'),
            }),
          );
        }
        loads.sort((a, b) => a.longestMs - b.longestMs);
        const mid = loads[loads.length >> 1]!;
        medians.push(mid.longestMs);
        console.log(
          `${server.label}: longest task ${loads.map((l) => l.longestMs.toFixed(0)).join(' / ')} ms ` +
            `(median ${mid.longestMs.toFixed(0)} ms), blocking time after FCP median ` +
            `${median(loads.map((l) => l.tbtMs)).toFixed(0)} ms`,
        );
        console.log(formatTrace(`  the median run (${server.label})`, mid));
      }
      if (medians.length === 2)
        console.log(`ours / baseline: longest task ${(medians[1]! / Math.max(medians[0]!, 1)).toFixed(2)}×`);
    }
  } finally {
    await browser.close();
  }
}
