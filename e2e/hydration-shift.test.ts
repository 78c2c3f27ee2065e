// The pages a member opens every day are sent drawn (prerendered frames, decisions 33 and 68) and must
// not move once their script runs: on a slow phone, hydration comes seconds after the first paint, and
// a page that moved then put the member's finger on something else (decision 89). Each page is loaded
// at a quarter of this machine's speed (Chromium's CPU throttling) on a phone and a laptop, and its
// layout shifts are added up from the first paint until it is quiet (issue 35's CLS goal: ≤ 0.05).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi, useBrowser } from './fixtures/browser';
import { recordTestVideo } from './fixtures/media';
import { anotherMember, uploadLessonVideoViaApi } from './fixtures/think-tanks';
import { postViaApi } from './fixtures/chat';

const f = useBrowser();
const MAX_CLS = 0.05;
const LESSON = { thinkTank: 'emotional', topicSlug: 'alter-ego', lessonSlug: 'emotional-conviction' };

type Shift = { value: number; at: number; sources: string[] };

/** Every layout shift the page makes without input, with what moved (for the failure's message). */
function recordShifts() {
  const w = window as unknown as { __shifts: Shift[] };
  w.__shifts = [];
  type Entry = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Entry[]) {
      if (e.hadRecentInput) continue;
      w.__shifts.push({
        value: e.value,
        at: Math.round(e.startTime),
        sources: e.sources.map(
          (s) =>
            `${(s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '?'} ` +
            `y ${Math.round(s.previousRect.y)} → ${Math.round(s.currentRect.y)}, ` +
            `h ${Math.round(s.previousRect.height)} → ${Math.round(s.currentRect.height)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Resolves once the page has had three idle periods in a row with no new shift (10 s at most). */
const quiet = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const w = window as unknown as { __shifts: Shift[] };
        const deadline = performance.now() + 10_000;
        let seen = w.__shifts.length;
        let calm = 0;
        const next = () =>
          requestIdleCallback(
            () => {
              calm = w.__shifts.length === seen ? calm + 1 : 0;
              seen = w.__shifts.length;
              if (calm >= 3 || performance.now() > deadline) resolve();
              else setTimeout(next, 100);
            },
            { timeout: 1000 },
          );
        next();
      }),
  );

let otherMember = '';
beforeAll(async () => {
  // A lesson with its video, and another member with a message in the room.
  const recorder = await f.browser.newPage();
  try {
    await uploadLessonVideoViaApi(f.browser, f.baseURL, LESSON, await recordTestVideo(recorder, 2));
  } finally {
    await recorder.close();
  }
});

const PAGES: Array<[string, () => string]> = [
  ['home', () => '/'],
  ['own profile', () => '/profile'],
  ["another member's page", () => `/member/${otherMember}`],
  ['an area', () => '/think-tanks/emotional'],
  ['a topic', () => '/think-tanks/emotional/alter-ego'],
  [
    'a lesson with its video',
    () => `/think-tanks/${LESSON.thinkTank}/${LESSON.topicSlug}/${LESSON.lessonSlug}`,
  ],
];

describe.each([
  ['a phone', { width: 375, height: 812 }],
  ['a laptop', { width: 1280, height: 800 }],
])('on %s at a quarter of the speed', (_, viewport) => {
  let other: Awaited<ReturnType<typeof anotherMember>> | undefined;
  beforeAll(async () => {
    other = await anotherMember(f);
    otherMember = encodeURIComponent(other.user.username);
    await postViaApi(other.context, f.baseURL, 'A message so the room is not empty');
  });
  afterAll(async () => other?.context.close());

  it.each(PAGES)('%s does not move while it hydrates', async (_name, path) => {
    const { page, context } = f;
    await signUpViaApi(context, f.baseURL);
    await page.setViewportSize(viewport);
    await context.addInitScript(recordShifts);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(path());
    await page.waitForLoadState('networkidle');
    await quiet(page);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    const worst = shifts
      .filter((s) => s.value > 0.001)
      .map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join('; ')}`)
      .join('\n');
    expect(total, `layout shifts on ${path()}:\n${worst}`).toBeLessThanOrEqual(MAX_CLS);
  });
});
