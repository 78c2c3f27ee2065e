// Lighthouse on Debian's Chromium for bench/first-load.ts: the mobile preset (the default config:
// a mid-range phone, simulated slow 4G and 4× CPU slowdown), performance only.
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';

export type PageLoad = {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Everything the page transferred (headers included), in bytes. */
  bytes: number;
  /** The scripts the page loaded, by URL. */
  scripts: string[];
  /** Bytes those scripts took on the wire. */
  scriptBytes: number;
  /** The longest main-thread task Lighthouse saw (at its 4× CPU slowdown), in ms, and the script it ran. */
  longestTaskMs: number;
  longestTaskUrl: string;
  /** Lighthouse's measure of this host's CPU (higher is faster; its 4× slowdown assumes about 1,500). */
  benchmarkIndex: number;
  /** The CPU slowdown this run simulated. */
  cpuSlowdown: number;
  /** What the largest contentful paint painted: its element as Lighthouse names it, and its selector. */
  lcpElement: string;
  /** Its phases as Lighthouse splits them (TTFB, load delay, load time, render delay), in ms. */
  lcpPhases: string;
};

/** The phases table of the LCP element audit, as `TTFB 600, Load Delay 1200, …` (ms). */
function phasesOf(details: unknown): string {
  const tables = (details as { items?: Array<{ items?: Array<{ phase?: string; timing?: number }> }> })
    ?.items;
  const phases = tables?.flatMap((t) => t.items ?? []).filter((i) => i.phase !== undefined) ?? [];
  return phases.map((i) => `${i.phase} ${Math.round(i.timing ?? 0)}`).join(', ');
}

/** The first DOM node an audit's details name (nested lists and tables), as `label (selector)`. */
function firstNode(details: unknown): string {
  if (!details || typeof details !== 'object') return '';
  const d = details as { type?: string; snippet?: string; selector?: string; nodeLabel?: string };
  if (d.type === 'node') return `${d.nodeLabel ?? d.snippet ?? ''} (${d.selector ?? ''})`;
  for (const value of Object.values(details)) {
    const found = Array.isArray(value) ? value.map(firstNode).find(Boolean) : firstNode(value);
    if (found) return found;
  }
  return '';
}

export type Chrome = { port: number; kill(): void };

/** Headless Chromium for Lighthouse to drive (the same flags as the browser tests). */
export async function launchChrome(): Promise<Chrome> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  return { port: chrome.port, kill: () => chrome.kill() };
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };
type LongTask = { url: string; duration: number; startTime: number };

/**
 * One Lighthouse run of `url`; `cookie` is sent with every request (a signed-in member). A run whose
 * trace Chromium failed to record (NO_NAVSTART, NO_FCP on a loaded machine) is run again, twice at most.
 */
export async function runLighthouse(
  chrome: Chrome,
  url: string,
  cookie?: string,
  cpuSlowdown?: number,
): Promise<PageLoad> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(chrome, url, cookie, cpuSlowdown);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof TraceError)) throw err;
      process.stderr.write(`${(err as Error).message}: running it again\n`);
    }
  }
}

/** Lighthouse could not record the page load: nothing was measured. */
class TraceError extends Error {}

async function runLighthouseOnce(
  chrome: Chrome,
  url: string,
  cookie?: string,
  cpuSlowdown?: number,
): Promise<PageLoad> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Pages that poll every few seconds never go quiet for Lighthouse's 5 s: stop waiting sooner.
    maxWaitForLoad: 20_000,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
    // Lighthouse's mobile throttling with another CPU slowdown (--calibrate); the network stays its own.
    ...(cpuSlowdown !== undefined
      ? {
          throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
        }
      : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    const message = `Lighthouse on ${url}: ${lhr.runtimeError.message}`;
    throw /^NO_(NAVSTART|FCP|TRACING_STARTED)/.test(lhr.runtimeError.code)
      ? new TraceError(message)
      : new Error(message);
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const longTasks = ((lhr.audits['long-tasks']?.details as { items?: LongTask[] } | undefined)?.items ??
    []) as LongTask[];
  const longest = longTasks.reduce<LongTask | undefined>(
    (m, t) => (m && m.duration >= t.duration ? m : t),
    undefined,
  );
  return {
    performance: lhr.categories.performance?.score ?? Number.NaN,
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
    scripts: scripts.map((s) => s.url),
    scriptBytes: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
    longestTaskMs: longest?.duration ?? 0,
    longestTaskUrl: longest?.url ?? '',
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4,
    lcpElement: firstNode(lhr.audits['largest-contentful-paint-element']?.details),
    lcpPhases: phasesOf(lhr.audits['largest-contentful-paint-element']?.details),
  };
}

/**
 * The CPU slowdown that makes this host the phone Lighthouse's mobile preset stands for, from the host's
 * benchmark index, by Lighthouse's own calibration (docs/throttling.md, "Calibrating multipliers", and its
 * CPU throttling calculator: 1,533 → 4×, 1,300 → 3×, 800 → 2×, 150 → 1×). The preset's 4× is right
 * for a host of about 1,500; a slower host run at 4× stands for a slower phone than the goal names.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) {
    throw new Error(
      `this host (benchmark index ${benchmarkIndex}) is too slow to stand for Lighthouse's phone`,
    );
  }
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}

/** The scripts' size compressed with brotli at its best: the same yardstick for any server. */
export async function brotliSize(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const raw = Buffer.from(await res.arrayBuffer());
    total += zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }).length;
  }
  return total;
}

/** The median of a few numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
