// Benchmark: the first visit on a phone (issue 14, docs/decisions.md decisions 19 and 69). Lighthouse's
// mobile preset (simulated slow 4G, 4× CPU slowdown) on the visitor's home page (`/` signed out) and
// the pages a member lives in (issue 35), signed in as a member with a few weeks of data
// (bench/lib/member-data.ts: a picture, a recording, lessons done, 50 chat messages with photos; another
// public member; a lesson video from a coach), against the production build served by
// dist/server/main.js on a fresh data folder seeded through its API, beside the same pages of a
// baseline build (by default the landed code before decision 19) seeded the same way, in the same run.
// --pages measures some of the pages: their names, comma separated (see PAGES; `all` by default).
// --trace (decision 65) also records each page's load in Chromium at a 4× CPU slowdown, with its sampling
// profiler, and lists the longest main-thread tasks and what they ran (scripts, functions, source
// modules: the builds are then made with source maps).
// --calibrate runs Lighthouse at the CPU slowdown that makes this host the phone its mobile preset stands
// for (Lighthouse's own calibration from the host's benchmark index, the median of three first runs; the
// preset's 4× assumes a host of about 1,500: on a faster host 4× stands for a faster phone, on a slower
// one for a slower phone). The benchmark index and the slowdown used are printed either way.
// BENCH_TRACE_SAVE=<folder> keeps each raw trace there (Chrome's Performance panel opens it); BENCH_TRACE_TOP
// lists more functions per task.
// --dir <folder> measures the build in that folder (a copy of the tree, say) instead of this one's dist/.
// Usage: node --import tsx bench/first-load.ts [--no-build] [--runs 3] [--baseline <git ref> | --baseline none]
//          [--pages visitor,/,/profile,/member,area,topic,lesson,physiological] [--trace] [--calibrate]
//          [--dir <folder>]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { baselineBuild, build } from './lib/builds';
import {
  brotliSize,
  calibratedSlowdown,
  launchChrome,
  median,
  runLighthouse,
  type PageLoad,
} from './lib/lighthouse';
import { AREA, TOPIC, VIDEO_LESSON, startMemberServer, type MemberServer } from './lib/member-data';
import { formatTrace, launchTraceBrowser, tracePageLoad, type PageTrace } from './lib/trace';

/** The last commit before the client was prerendered, split by route and served compressed. */
const DEFAULT_BASELINE = 'dcd27f5';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    baseline: { type: 'string', default: DEFAULT_BASELINE },
    pages: { type: 'string', default: 'all' },
    trace: { type: 'boolean', default: false },
    calibrate: { type: 'boolean', default: false },
    dir: { type: 'string' },
  },
});
const runs = Number(args.runs);
const root = args.dir ? path.resolve(args.dir) : path.resolve(import.meta.dirname, '..');
// Source maps name the module of each function a long task ran (vite.config.ts).
if (args.trace) process.env.BENCH_SOURCEMAP = '1';

type Server = MemberServer & { label: string; dir: string };

type Page = {
  /** What --pages calls it. */
  name: string;
  /** Its address as the table's legend shows it. */
  title: string;
  path(server: Server): string;
  signedIn: boolean;
};

/** The visitor's home page, issue 35's member pages, and the physiological page (issue 33 part 5). */
const PAGES: readonly Page[] = [
  { name: 'visitor', title: '/ signed out', path: () => '/', signedIn: false },
  {
    name: '/',
    title: "/ signed in (the member's home: the chat, the next lesson)",
    path: () => '/',
    signedIn: true,
  },
  { name: '/profile', title: '/profile', path: () => '/profile', signedIn: true },
  {
    name: '/member',
    title: '/member/<another member, public>',
    path: (s) => `/member/${s.other.username}`,
    signedIn: true,
  },
  { name: 'area', title: `/think-tanks/${AREA}`, path: () => `/think-tanks/${AREA}`, signedIn: true },
  {
    name: 'topic',
    title: `/think-tanks/${AREA}/${TOPIC}`,
    path: () => `/think-tanks/${AREA}/${TOPIC}`,
    signedIn: true,
  },
  {
    name: 'lesson',
    title: `/think-tanks/${AREA}/${TOPIC}/${VIDEO_LESSON} (with its video)`,
    path: () => `/think-tanks/${AREA}/${TOPIC}/${VIDEO_LESSON}`,
    signedIn: true,
  },
  {
    name: 'physiological',
    title: '/think-tanks/physiological',
    path: () => '/think-tanks/physiological',
    signedIn: true,
  },
];

/** --pages: names (or the page's path), comma separated; `all` for every page. */
function chosenPages(list: string): Page[] {
  if (list.trim() === 'all') return [...PAGES];
  const names = list
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !PAGES.some((p) => p.name === n));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(
      `--pages: unknown ${unknown.map((n) => `'${n}'`).join(', ') || 'list'}; the pages are ` +
        `${PAGES.map((p) => p.name).join(', ')} (or all)`,
    );
  }
  return PAGES.filter((p) => names.includes(p.name));
}
const pages = chosenPages(args.pages);

/** dist/server/main.js of `dir` on a free port and a new data folder, with the member's data. */
async function startServer(dir: string, label: string): Promise<Server> {
  process.stderr.write(`${label}: starting the server and seeding the member's data…\n`);
  return { ...(await startMemberServer(dir, label)), label, dir };
}

if (!args['no-build']) build(root);
const servers: Server[] = [];
try {
  if (args.baseline !== 'none') {
    const baseline = baselineBuild('first-load', args.baseline);
    servers.push(await startServer(baseline.dir, baseline.label));
  }
  servers.push(await startServer(root, 'this build'));
} catch (error) {
  for (const server of servers) await server.close();
  throw error;
}

const chrome = await launchChrome();
const results = new Map<string, PageLoad[]>();
try {
  // --calibrate: three first runs of the first page at the preset's 4× measure the host (not counted;
  // the index of one run moves with the machine's load: 1,315 to 1,970 within minutes here).
  let cpuSlowdown: number | undefined;
  if (args.calibrate) {
    const first = pages[0]!;
    const server = servers.at(-1)!;
    const indices: number[] = [];
    for (let probe = 0; probe < 3; probe++) {
      const load = await runLighthouse(
        chrome,
        server.base + first.path(server),
        first.signedIn ? server.member.cookie : undefined,
      );
      indices.push(load.benchmarkIndex);
    }
    cpuSlowdown = Math.round(calibratedSlowdown(median(indices)) * 100) / 100;
    process.stderr.write(
      `calibrated: benchmark index ${indices.map((i) => i.toFixed(0)).join(', ')} → ${cpuSlowdown}× CPU slowdown\n`,
    );
  }
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      for (const server of servers) {
        const load = await runLighthouse(
          chrome,
          server.base + page.path(server),
          page.signedIn ? server.member.cookie : undefined,
          cpuSlowdown,
        );
        const key = `${page.name}|${server.label}`;
        results.set(key, [...(results.get(key) ?? []), load]);
        process.stderr.write(
          `run ${run} ${page.name} (${server.label}): ${load.performance.toFixed(2)}, LCP ${load.lcpMs.toFixed(0)} ms` +
            `${load.lcpElement ? ` on ${load.lcpElement.slice(0, 120)}` : ''}` +
            `${load.lcpPhases ? ` (${load.lcpPhases})` : ''}\n`,
        );
      }
    }
  }

  console.log('\nThe data (the same requests to each build; a step its API lacks is left out)');
  for (const server of servers) {
    console.log(`${server.label}: ${server.seeded.join('; ')}`);
    if (server.skipped.length > 0) console.log(`  not in this build: ${server.skipped.join('; ')}`);
  }

  const all = [...results.values()].flat();
  console.log(
    `\nLighthouse mobile preset, median of ${runs} run${runs === 1 ? '' : 's'}, CPU slowdown ` +
      `${all[0]!.cpuSlowdown}×${cpuSlowdown === undefined ? " (the preset's)" : ' (--calibrate)'}; this ` +
      `host's benchmark index: median ${median(all.map((l) => l.benchmarkIndex)).toFixed(0)} ` +
      `(the preset's 4× assumes about 1,500)`,
  );
  console.log(
    "Issue 35's goal for each member page (at Lighthouse's own throttling; figures differ from host to " +
      'host: compare the builds of one run): performance ≥ 0.95, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.05',
  );
  for (const page of pages) console.log(`  ${page.name.padEnd(14)} ${page.title}`);
  const columns = ['performance', 'LCP', 'FCP', 'TBT', 'longest task', 'CLS', 'transferred', 'JS sent'];
  const w = 13;
  console.log(['page'.padEnd(15), 'build'.padEnd(18), ...columns.map((c) => c.padStart(w))].join(''));
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  for (const page of pages) {
    const medians = servers.map((server) => {
      const loads = results.get(`${page.name}|${server.label}`)!;
      const m = (f: (l: PageLoad) => number) => median(loads.map(f));
      return [
        m((l) => l.performance),
        m((l) => l.lcpMs),
        m((l) => l.fcpMs),
        m((l) => l.tbtMs),
        m((l) => l.longestTaskMs),
        m((l) => l.cls),
        m((l) => l.bytes),
        m((l) => l.scriptBytes),
      ] as const;
    });
    servers.forEach((server, i) => {
      const [performance, lcp, fcp, tbt, longest, cls, bytes, js] = medians[i]!;
      const cells = [
        performance.toFixed(2),
        `${(lcp / 1000).toFixed(2)} s`,
        `${(fcp / 1000).toFixed(2)} s`,
        `${tbt.toFixed(0)} ms`,
        `${longest.toFixed(0)} ms`,
        cls.toFixed(3),
        kib(bytes),
        kib(js),
      ];
      console.log(
        [
          (i === 0 ? page.name : '').padEnd(15),
          server.label.padEnd(18),
          ...cells.map((c) => c.padStart(w)),
        ].join(''),
      );
    });
    if (medians.length === 2) {
      const [b, o] = medians as [(typeof medians)[0], (typeof medians)[0]];
      // TBT, the longest task and CLS may be 0 on the baseline: divided by at least 1 ms, 0.001 (both 0: –).
      const floors = [0, 0, 0, 1, 1, 0.001, 1, 1];
      const ratios = o.map((v, k) =>
        v === 0 && b[k] === 0 ? '–' : `${(v / Math.max(b[k]!, floors[k]!)).toFixed(2)}×`,
      );
      console.log(
        [''.padEnd(15), 'ours / baseline'.padEnd(18), ...ratios.map((c) => c.padStart(w))].join(''),
      );
    }
  }

  const visitor = pages.find((p) => p.name === 'visitor');
  if (visitor) {
    console.log('\nJavaScript loaded on / signed out, compressed with brotli (quality 11); goal ≤ 120 KB');
    for (const server of servers) {
      const scripts = results.get(`${visitor.name}|${server.label}`)![0]!.scripts;
      const size = await brotliSize(scripts);
      console.log(
        `${server.label.padEnd(18)}${`${(size / 1000).toFixed(1)} KB`.padStart(10)} in ${scripts.length} files`,
      );
    }
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
    for (const page of pages) {
      console.log(`\n${page.name}: ${page.title}`);
      const medians: number[] = [];
      for (const server of servers) {
        const loads: PageTrace[] = [];
        for (let run = 1; run <= runs; run++) {
          loads.push(
            await tracePageLoad(browser, server.base + page.path(server), {
              cookie: page.signedIn ? server.member.cookie : undefined,
              sourceDir: path.join(server.dir, 'dist', 'client'),
              saveTo: process.env.BENCH_TRACE_SAVE
                ? path.join(
                    process.env.BENCH_TRACE_SAVE,
                    `${server.label.replace(/\W+/g, '-')}-${page.name.replace(/\W+/g, '_') || 'home'}-${run}.json`,
                  )
                : undefined,
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
