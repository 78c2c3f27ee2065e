// A performance trace of a page load for bench/first-load.ts --trace (docs/decisions.md decision 65):
// Chromium's own trace, recorded at a 4× CPU slowdown (Lighthouse's mobile preset simulates that
// slowdown; here it is real, so each task's length is what a phone would see), with its sampling
// profiler on. Lists the main thread's longest tasks from navigation until the page is quiet, and
// what each ran: the scripts it evaluated or called into, and the functions that took its time
// (mapped to their source module when the build wrote source maps, BENCH_SOURCEMAP=1).
import fs from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium, type Browser } from 'playwright-core';

export const CPU_SLOWDOWN = 4;
/** How many functions each task lists (BENCH_TRACE_TOP, 6 by default; the table shows 4 unless more). */
const TOP = Number(process.env.BENCH_TRACE_TOP) || 6;

/** A main-thread task: when it started after navigation, how long it took, and what it ran. */
export type Task = {
  startMs: number;
  durationMs: number;
  /** What the task is: its top-level work (script evaluation, a timer, an event, layout…). */
  kind: string;
  /** The scripts evaluated or called into at its top level, by time spent (ms). */
  scripts: { what: string; ms: number }[];
  /** The functions that took its time (self time, from the sampling profiler), by time spent (ms). */
  functions: { what: string; ms: number }[];
  /**
   * The browser's own rendering work in it, forced by a script or not (ms), by kind: style
   * recalculation (with the elements it restyled), layout (with the objects laid out of the whole),
   * paint, and the parsing of HTML and style sheets. A script's "self" time above includes what it
   * forced.
   */
  rendering: { what: string; ms: number }[];
};

export type PageTrace = { tasks: Task[]; longestMs: number; tbtMs: number; quietAtMs: number };

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    elementCount?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number };
    data?: Record<string, unknown> & {
      url?: string;
      functionName?: string;
      type?: string;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      startTime?: number;
    };
  };
};

type ProfileNode = {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
};

export async function launchTraceBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.user_timing',
  'loading',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.cpu_profiler',
];

/**
 * Loads `url` (with `cookie`, a signed-in member) in a phone-sized page at a 4× CPU slowdown, recording
 * a trace until no task has run for `quietMs` after the load event; `sourceDir` is the build's
 * dist/client, where source maps are looked for; `saveTo` keeps the raw trace (Chrome's
 * Performance panel opens it).
 */
export async function tracePageLoad(
  browser: Browser,
  url: string,
  options: { cookie?: string; sourceDir?: string; quietMs?: number; saveTo?: string } = {},
): Promise<PageTrace> {
  const quietMs = options.quietMs ?? 3000;
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (options.cookie) {
      const [name, ...value] = options.cookie.split('=');
      // For the whole site: a cookie set by a page's URL gets that URL's folder as its path
      // (`/think-tanks/` for a Think Tank page), and /api/auth/me would then be asked without it.
      await context.addCookies([{ name: name!, value: value.join('='), url: new URL(url).origin }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // A first visit: nothing from the HTTP cache.
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    // Quiet: no long task (nor any script) for quietMs, found by a PerformanceObserver in the page.
    // (A string: tsx's named functions would not exist in the page.)
    await page.evaluate(`new Promise((resolve) => {
      let last = performance.now();
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) last = Math.max(last, e.startTime + e.duration);
      }).observe({ type: 'longtask', buffered: true });
      const check = () => (performance.now() - last >= ${quietMs} ? resolve() : setTimeout(check, 200));
      setTimeout(check, ${quietMs});
    })`);
    const buffer = await browser.stopTracing();
    if (options.saveTo) fs.writeFileSync(options.saveTo, buffer);
    const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    return analyse(traceEvents, url, options.sourceDir);
  } finally {
    await context.close();
  }
}

/** The renderer main thread that loaded `url`'s origin, and its tasks. */
function analyse(events: TraceEvent[], url: string, sourceDir?: string): PageTrace {
  const origin = new URL(url).origin;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // The page's thread: the one that evaluated the page's scripts.
  const byThread = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!mainThreads.has(key)) continue;
    if (typeof e.args?.data?.url === 'string' && e.args.data.url.startsWith(origin))
      byThread.set(key, (byThread.get(key) ?? 0) + 1);
  }
  const thread = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!thread) throw new Error(`the trace has no main thread for ${origin}`);
  const own = events.filter((e) => `${e.pid}:${e.tid}` === thread);
  const navigation = own.find(
    (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith(origin),
  );
  const t0 = navigation?.ts ?? Math.min(...own.filter((e) => e.ph === 'X').map((e) => e.ts));
  const fcp = own.find((e) => e.name === 'firstContentfulPaint')?.ts ?? t0;

  const samples = profileSamples(events, thread);
  const mapper = sourceMapper(origin, sourceDir);
  const runTasks = own
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.ts >= t0 && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts);
  // Everything under a task but the scheduler's own wrappers around it.
  const wrapper = /RunTask|ThreadController|TaskAnnotator|SequenceManager|Scheduler/;
  const children = own.filter((e) => e.ph === 'X' && !wrapper.test(e.name));

  const tasks: Task[] = runTasks.map((task) => {
    const end = task.ts + task.dur!;
    const inside = children.filter((c) => c.ts >= task.ts && c.ts < end);
    const scripts = new Map<string, number>();
    let kind = '';
    let kindDur = -1;
    for (const c of inside) {
      const data = c.args?.data;
      const top = !inside.some(
        (p) =>
          p !== c &&
          p.ts <= c.ts &&
          p.ts + (p.dur ?? 0) >= c.ts + (c.dur ?? 0) &&
          (p.dur ?? 0) > (c.dur ?? 0),
      );
      if (top && (c.dur ?? 0) > kindDur) {
        kindDur = c.dur ?? 0;
        kind = c.name + (data?.type ? ` ${data.type}` : '');
      }
      if (
        ['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'v8.compileModule', 'v8.compile'].includes(
          c.name,
        )
      ) {
        const at = data?.url ? shortUrl(data.url, origin) : '';
        const what = `${c.name}${at ? ` ${at}` : ''}${data?.functionName ? ` ${data.functionName}()` : ''}`;
        scripts.set(what, (scripts.get(what) ?? 0) + (c.dur ?? 0) / 1000);
      }
    }
    const rendering = renderingOf(inside);
    const functions = new Map<string, number>();
    for (const s of samples) {
      if (s.ts < task.ts || s.ts >= end) continue;
      const what = mapper(s.frame);
      functions.set(what, (functions.get(what) ?? 0) + s.ms);
    }
    const top = (m: Map<string, number>) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP)
        .map(([what, ms]) => ({ what, ms }));
    return {
      startMs: (task.ts - t0) / 1000,
      durationMs: task.dur! / 1000,
      kind: kind || 'RunTask',
      scripts: top(scripts),
      functions: top(functions),
      rendering,
    };
  });
  const longest = tasks.reduce((m, t) => Math.max(m, t.durationMs), 0);
  const tbt = runTasks
    .filter((t) => t.ts >= fcp)
    .reduce((sum, t) => sum + Math.max(0, t.dur! / 1000 - 50), 0);
  const quietAt = tasks
    .filter((t) => t.durationMs >= 50)
    .reduce((m, t) => Math.max(m, t.startMs + t.durationMs), 0);
  return {
    tasks: [...tasks].sort((a, b) => b.durationMs - a.durationMs),
    longestMs: longest,
    tbtMs: tbt,
    quietAtMs: quietAt,
  };
}

/** The trace event names of the browser's rendering work, and what --trace calls them. */
const RENDERING: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
};

/** The rendering work among a task's events, summed by kind, with how much each kind touched. */
function renderingOf(inside: TraceEvent[]): Task['rendering'] {
  const sums = new Map<string, { ms: number; elements: number; dirty: number; total: number }>();
  for (const e of inside) {
    const kind = RENDERING[e.name];
    if (!kind) continue;
    const sum = sums.get(kind) ?? { ms: 0, elements: 0, dirty: 0, total: 0 };
    sum.ms += (e.dur ?? 0) / 1000;
    sum.elements += Number(e.args?.elementCount ?? e.args?.data?.elementCount ?? 0);
    sum.dirty += Number(e.args?.beginData?.dirtyObjects ?? 0);
    sum.total = Math.max(sum.total, Number(e.args?.beginData?.totalObjects ?? 0));
    sums.set(kind, sum);
  }
  return [...sums.entries()]
    .filter(([, sum]) => sum.ms >= 1)
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([kind, sum]) => ({
      what:
        kind === 'style' && sum.elements
          ? `style (${sum.elements} elements)`
          : kind === 'layout' && sum.total
            ? `layout (${sum.dirty} of ${sum.total} objects)`
            : kind,
      ms: sum.ms,
    }));
}

const shortUrl = (url: string, origin: string) => (url.startsWith(origin) ? url.slice(origin.length) : url);

type Sample = { ts: number; ms: number; frame: ProfileNode['callFrame'] };

/** The sampling profiler's samples on `thread`, each with the function it was in (self time). */
function profileSamples(events: TraceEvent[], thread: string): Sample[] {
  const [pid] = thread.split(':').map(Number);
  const profiles = new Map<
    string,
    { start: number; nodes: Map<number, ProfileNode>; ts: number[]; ids: number[] }
  >();
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile' && `${e.pid}:${e.tid}` === thread) {
      profiles.set(e.id!, {
        start: Number(e.args?.data?.startTime ?? e.ts),
        nodes: new Map(),
        ts: [],
        ids: [],
      });
    }
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid) continue;
    const profile = profiles.get(e.id!);
    if (!profile) continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    let t = profile.ts.length ? profile.ts[profile.ts.length - 1]! : profile.start;
    ids.forEach((id, i) => {
      t += deltas[i] ?? 0;
      profile.ts.push(t);
      profile.ids.push(id);
    });
  }
  const samples: Sample[] = [];
  for (const profile of profiles.values()) {
    for (let i = 0; i < profile.ids.length; i++) {
      const node = profile.nodes.get(profile.ids[i]!);
      if (!node) continue;
      const name = node.callFrame.functionName;
      if (name === '(idle)' || name === '(root)' || name === '(program)') continue;
      const next = profile.ts[i + 1] ?? profile.ts[i]!;
      samples.push({
        ts: profile.ts[i]!,
        ms: Math.min(next - profile.ts[i]!, 5000) / 1000,
        frame: node.callFrame,
      });
    }
  }
  return samples;
}

/** `function (module:line)` for a sampled frame, through the chunk's source map when there is one. */
function sourceMapper(origin: string, sourceDir?: string) {
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (url: string) => {
    if (!sourceDir || !url.startsWith(`${origin}/assets/`)) return null;
    if (!maps.has(url)) {
      const file = path.join(sourceDir, 'assets', path.basename(new URL(url).pathname) + '.map');
      maps.set(url, fs.existsSync(file) ? new TraceMap(fs.readFileSync(file, 'utf8')) : null);
    }
    return maps.get(url)!;
  };
  return (frame: ProfileNode['callFrame']) => {
    const name = frame.functionName || '(anonymous)';
    if (!frame.url) return name;
    const map = mapOf(frame.url);
    if (map) {
      const p = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
      if (p.source) {
        const source = p.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
        return `${p.name ?? name} (${source}:${p.line})`;
      }
    }
    return `${name} (${shortUrl(frame.url, origin)}:${frame.lineNumber + 1})`;
  };
}

/** The trace's tasks of at least `minMs` (and the five longest), for the console. */
export function formatTrace(label: string, trace: PageTrace, minMs = 50): string {
  const lines = [
    `${label}: longest task ${trace.longestMs.toFixed(0)} ms, blocking time after FCP ${trace.tbtMs.toFixed(0)} ms, ` +
      `last task over 50 ms ended at ${(trace.quietAtMs / 1000).toFixed(2)} s`,
  ];
  const shown = trace.tasks.filter((t, i) => i < 5 || t.durationMs >= minMs).slice(0, 12);
  for (const t of shown) {
    lines.push(
      `  ${t.durationMs.toFixed(0).padStart(5)} ms at ${(t.startMs / 1000).toFixed(2)} s  ${t.kind}`,
    );
    for (const s of t.scripts.slice(0, 3))
      lines.push(`           ${s.ms.toFixed(0).padStart(4)} ms  ${s.what}`);
    for (const f of t.functions.slice(0, TOP > 6 ? TOP : 4))
      lines.push(`           ${f.ms.toFixed(0).padStart(4)} ms  self in ${f.what}`);
    if (t.rendering.length)
      lines.push(
        `           rendering: ${t.rendering.map((r) => `${r.what} ${r.ms.toFixed(0)} ms`).join(', ')}`,
      );
  }
  return lines.join('\n');
}
