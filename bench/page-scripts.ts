// Which JavaScript a page asks for before anyone touches it (issue 35, docs/decisions.md decision 70).
// Loads each member page of bench/first-load.ts (signed in as the member with data of
// bench/lib/member-data.ts, or as the admin with --admin) in headless Chromium, phone-sized, without any
// pointer, focus or key, until no request has started for --quiet ms after the load event, and lists per
// page the .js files requested, in order, with their size and their size compressed with brotli
// (quality 11, as the server's precompressed files), and the totals. --modules also lists, per file, the
// source modules in it (largest first, by their source's length), from the source maps of a build made
// with BENCH_SOURCEMAP=1: that is how to see what a page evaluates that it only needs after a click.
// Usage: node --import tsx bench/page-scripts.ts [--dir <folder with dist/>] [--pages /,/profile,...]
//          [--admin] [--modules] [--quiet 2000]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { AREA, TOPIC, VIDEO_LESSON, startMemberServer, type MemberServer } from './lib/member-data';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    pages: { type: 'string', default: '/,/profile,/member,lesson,physiological' },
    admin: { type: 'boolean', default: false },
    modules: { type: 'boolean', default: false },
    quiet: { type: 'string', default: '2000' },
  },
});
const root = args.dir ? path.resolve(args.dir) : path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist', 'client');
const quietMs = Number(args.quiet);

const PAGES: Record<string, (s: MemberServer) => string> = {
  visitor: () => '/',
  '/': () => '/',
  '/profile': () => '/profile',
  '/member': (s) => `/member/${s.other.username}`,
  area: () => `/think-tanks/${AREA}`,
  topic: () => `/think-tanks/${AREA}/${TOPIC}`,
  lesson: () => `/think-tanks/${AREA}/${TOPIC}/${VIDEO_LESSON}`,
  physiological: () => '/think-tanks/physiological',
};
const names = args.pages.split(',').map((n) => n.trim());
const unknown = names.filter((n) => !(n in PAGES));
if (unknown.length)
  throw new Error(`--pages: unknown ${unknown.join(', ')}; known: ${Object.keys(PAGES).join(', ')}`);

function brotli(file: string): number {
  return zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  }).length;
}

/** The source modules of a built file, largest first, from its source map (if the build made one). */
function modulesOf(file: string): string[] {
  const mapFile = `${file}.map`;
  if (!fs.existsSync(mapFile)) return ['(no source map: build with BENCH_SOURCEMAP=1)'];
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as {
    sources: string[];
    sourcesContent?: (string | null)[];
  };
  return map.sources
    .map((s, i) => ({ s: s.replace(/^(\.\.\/)+/, ''), n: map.sourcesContent?.[i]?.length ?? 0 }))
    .sort((a, b) => b.n - a.n)
    .map(({ s, n }) => `${s} (${(n / 1024).toFixed(1)} KB src)`);
}

const kb = (n: number) => (n / 1000).toFixed(1);

const server = await startMemberServer(root, 'this build');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  console.log(`build: ${root}; signed in as ${args.admin ? 'the admin (coach)' : 'the member'}`);
  for (const name of names) {
    const url = new URL(PAGES[name]!(server), server.base).href;
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    if (name !== 'visitor') {
      const [cookieName, ...value] = (args.admin ? server.coach : server.member).cookie.split('=');
      await context.addCookies([{ name: cookieName!, value: value.join('='), url: server.base }]);
    }
    const page = await context.newPage();
    const files: { file: string; at: number }[] = [];
    const start = Date.now();
    let last = start;
    page.on('request', (req) => {
      last = Date.now();
      const u = new URL(req.url());
      if (u.origin === server.base && u.pathname.endsWith('.js') && !files.some((f) => f.file === u.pathname))
        files.push({ file: u.pathname, at: Date.now() - start });
    });
    await page.goto(url, { waitUntil: 'load' });
    while (Date.now() - last < quietMs) await new Promise((r) => setTimeout(r, 100));
    await context.close();
    let raw = 0;
    let compressed = 0;
    console.log(`\n${name} (${new URL(url).pathname}):`);
    for (const { file, at } of files) {
      const disk = path.join(clientDir, file);
      if (!fs.existsSync(disk)) {
        console.log(`  ${String(at).padStart(5)} ms  ${file} (not in ${clientDir})`);
        continue;
      }
      const size = fs.statSync(disk).size;
      const br = brotli(disk);
      raw += size;
      compressed += br;
      console.log(
        `  ${String(at).padStart(5)} ms  ${kb(br).padStart(6)} KB br  ${kb(size).padStart(7)} KB  ${file}`,
      );
      if (args.modules) for (const m of modulesOf(disk).slice(0, 12)) console.log(`      ${m}`);
    }
    console.log(`  total: ${files.length} files, ${kb(compressed)} KB brotli, ${kb(raw)} KB`);
  }
} finally {
  await browser.close();
  await server.close();
}
