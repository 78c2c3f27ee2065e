import { createRequire } from 'node:module';
import type Axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOPICS } from '@common/curriculum';
import { signInAsAdmin, signUpViaApi, updateProfileViaApi, useBrowser } from './fixtures/browser';

const f = useBrowser();

/** axe-core's browser bundle, evaluated in the page (the CSP allows no inline script tag). */
const AXE_SOURCE: string = createRequire(import.meta.url)('axe-core').source;

const topic = TOPICS[0]!;
const lesson = `/think-tanks/${topic.area}/${topic.slug}/${topic.lessons[0]}`;

/** Every route of client/app/router.tsx, with a real value for each parameter. */
function routes(memberUsername: string) {
  return [
    '/',
    '/profile',
    '/profile/edit',
    `/member/${memberUsername}`,
    '/confirm-email',
    '/reset-password',
    '/think-tanks/physiological',
    '/think-tanks/spiritual',
    `/think-tanks/${topic.area}`,
    `/think-tanks/${topic.area}/${topic.slug}`,
    lesson,
    '/no-such-page',
  ];
}

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;
const THEMES = ['dark', 'light'] as const;

type Found = { id: string; impact: string; help: string; nodes: { target: string; summary: string }[] };

/** Waits until the route has drawn its content: no page spinner, nothing busy, then a moment to settle. */
async function settle(page: Page) {
  await page.locator('main').first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .animate-spin, [aria-hidden="true"].animate-pulse'),
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(250);
}

/** Shows the page in a theme as the theme provider does (the class and the colour scheme), no reload. */
async function showTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((dark) => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, theme === 'dark');
  await page.waitForTimeout(50);
}

/** The serious and critical violations axe finds in the page as it is now. */
async function seriousViolations(page: Page): Promise<Found[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.join(' '),
          summary: n.failureSummary ?? '',
        })),
      }));
  });
}

/** Runs axe over every route at both widths and in both themes; returns the findings as readable lines. */
async function auditRoutes(page: Page, paths: string[]): Promise<string[]> {
  const report: string[] = [];
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await page.goto(path);
      await settle(page);
      for (const theme of THEMES) {
        await showTheme(page, theme);
        for (const v of await seriousViolations(page)) {
          report.push(`${path} ${viewport.width}px ${theme}: [${v.impact}] ${v.id}: ${v.help}`);
          for (const n of v.nodes)
            report.push(`    ${n.target}\n      ${n.summary.replace(/\n/g, '\n      ')}`);
        }
      }
    }
  }
  return report;
}

describe('axe-core', () => {
  // Each test visits 12 routes × 2 widths and runs axe 48 times.
  it('finds no serious or critical violation on any route, signed out', { timeout: 240_000 }, async () => {
    const { page, context, baseURL } = f;
    const other = await signUpViaApi(context, baseURL);
    await context.clearCookies();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const report = await auditRoutes(page, routes(other.user.username));
    expect(report.join('\n')).toBe('');
  });

  it('finds no serious or critical violation on any route, signed in', { timeout: 240_000 }, async () => {
    const { page, context, baseURL } = f;
    // Another member with a filled profile, whose page is visited; then the admin, who sees the most.
    const other = await signUpViaApi(context, baseURL);
    await updateProfileViaApi(context, baseURL, { name: 'Alice Runner', age: 24, school: 'Central High' });
    await context.request.post(`${baseURL}/api/chat/community`, {
      data: { content: 'Morning run done, see https://example.com/plan', messageType: 'text' },
    });
    await context.clearCookies();
    await signInAsAdmin(context, baseURL);
    await context.request.post(`${baseURL}/api/discussions/${topic.area}/${topic.slug}/${topic.lessons[0]}`, {
      data: { text: 'A first thought on this lesson' },
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const report = await auditRoutes(page, routes(other.user.username));
    expect(report.join('\n')).toBe('');
  });
});
