import { createRequire } from 'node:module';
import type Axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOPICS } from '@common/curriculum';
import { signInAsAdmin, signUpViaApi, TINY_PNG, updateProfileViaApi, useBrowser } from './fixtures/browser';

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
    '/settings',
    '/attempts/review',
    '/attempts',
    '/events',
    '/drills',
    '/leaderboard',
    '/admin/community',
    '/admin/reports',
    '/admin/audit',
    '/notifications',
    '/join',
    `/member/${memberUsername}`,
    '/confirm-email',
    '/reset-password',
    '/unsubscribe',
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
/** The rules whose outcome depends on the theme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Prints the findings (the assertion's diff would cut them short), then asserts there are none. */
function expectNone(report: string[]) {
  if (report.length > 0) console.log(report.join('\n'));
  expect(report.length, 'serious or critical axe violations, printed above').toBe(0);
}

type Found = { id: string; impact: string; help: string; nodes: { target: string; summary: string }[] };

/** Waits until the animations and transitions running now (a dialog opening, say) have ended. */
async function animationsDone(page: Page) {
  await page.evaluate(async () => {
    await new Promise(requestAnimationFrame);
    // An endless one (a pulsing dot) never finishes: only those that end are waited for.
    const ending = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => {})));
  });
}

/** Waits until the route has drawn its content: no page spinner, nothing busy, nothing still moving. */
async function settle(page: Page) {
  await page.locator('main').first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .animate-spin, [aria-hidden="true"].animate-pulse'),
    undefined,
    { timeout: 15_000 },
  );
  await animationsDone(page);
}

/** Shows the page in a theme as the theme provider does (the class and the colour scheme), no reload. */
async function showTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((dark) => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, theme === 'dark');
  // Colours change through CSS transitions: axe must see where they end, not a frame in between, so
  // they are switched off for the audit (the settled colours are what it checks).
  await page.evaluate(() => {
    if (document.getElementById('axe-no-transitions')) return;
    const style = document.createElement('style');
    style.id = 'axe-no-transitions';
    style.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(style);
  });
  await page.evaluate(() => new Promise(requestAnimationFrame));
}

/** The serious and critical violations axe finds in the page as it is now. */
async function seriousViolations(page: Page, rules?: string[]): Promise<Found[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    });
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
  }, rules);
}

/** A menu or dialog opened over the home page, audited like a route. */
type Overlay = { name: string; open: (page: Page) => Promise<void> };

const loginDialog: Overlay = {
  name: 'login dialog',
  open: async (page) => {
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('dialog', { name: 'Login to Tribe36' }).waitFor();
  },
};
const registerDialog: Overlay = {
  name: 'register dialog',
  open: async (page) => {
    await loginDialog.open(page);
    await page.getByRole('button', { name: 'Register here' }).click();
    await page.getByRole('dialog', { name: 'Join Tribe36' }).waitFor();
  },
};
const userMenu: Overlay = {
  name: 'user menu',
  open: async (page) => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menu').waitFor();
  },
};
const notificationsPanel: Overlay = {
  name: 'notifications panel',
  open: async (page) => {
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
  },
};
const changePasswordDialog: Overlay = {
  name: 'change password dialog',
  open: async (page) => {
    await userMenu.open(page);
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('dialog', { name: 'Change password' }).waitFor();
  },
};

/**
 * Runs axe over every route, then over each overlay opened on the home page, at both widths and in both
 * themes; returns the findings as readable lines.
 */
async function audit(page: Page, paths: string[], overlays: Overlay[]): Promise<string[]> {
  const report: string[] = [];
  const check = async (where: string) => {
    for (const theme of THEMES) {
      await showTheme(page, theme);
      // Only colours differ between the themes: the second one needs only the colour rules.
      const rules = theme === THEMES[0] ? undefined : COLOUR_RULES;
      for (const v of await seriousViolations(page, rules)) {
        report.push(`${where} ${theme}: [${v.impact}] ${v.id}: ${v.help}`);
        for (const n of v.nodes)
          report.push(`    ${n.target}\n      ${n.summary.replace(/\n/g, '\n      ')}`);
      }
    }
  };
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await page.goto(path);
      await settle(page);
      await check(`${path} ${viewport.width}px`);
    }
    for (const overlay of overlays) {
      await page.goto('/');
      await settle(page);
      await overlay.open(page);
      await animationsDone(page);
      await check(`${overlay.name} ${viewport.width}px`);
    }
  }
  return report;
}

describe('axe-core', () => {
  // Each test: 13 routes and 2 overlays at 2 widths; axe in full (dark), then its colour rules (light).
  it('finds no serious or critical violation on any route, signed out', { timeout: 240_000 }, async () => {
    const { page, context, baseURL } = f;
    const other = await signUpViaApi(context, baseURL);
    await context.clearCookies();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const report = await audit(page, routes(other.user.username), [loginDialog, registerDialog]);
    expectNone(report);
  });

  it('finds no serious or critical violation on any route, signed in', { timeout: 240_000 }, async () => {
    const { page, context, baseURL } = f;
    // Another member with a filled profile, whose page is visited; then the admin, who sees the most.
    const other = await signUpViaApi(context, baseURL);
    await updateProfileViaApi(context, baseURL, { name: 'Alice Runner', age: 24, school: 'Central High' });
    await context.request.post(`${baseURL}/api/chat/community`, {
      data: { content: 'Morning run done, see https://example.com/plan', messageType: 'text' },
    });
    // An attempt awaiting a coach's reply, for the admin's review page.
    const frame = await context.request.post(`${baseURL}/api/upload`, {
      multipart: { file: { name: 'frame.png', mimeType: 'image/png', buffer: TINY_PNG } },
    });
    await context.request.post(`${baseURL}/api/attempts`, {
      data: { target: { kind: 'chat' }, caption: 'My squat, knees in?', imageUrl: (await frame.json()).url },
    });
    await context.clearCookies();
    await signInAsAdmin(context, baseURL);
    // A session with a meeting link, for /events (decision 82).
    await context.request.post(`${baseURL}/api/events`, {
      data: {
        title: 'Film study',
        description: 'Bring your notes',
        startsAt: new Date(Date.now() + 48 * 60 * 60 * 1000).toISOString(),
        durationMinutes: 60,
        url: 'https://meet.example.com/film',
      },
    });
    // A drill for that member, for the coach's list on /drills (decision 81).
    await context.request.post(`${baseURL}/api/assignments`, {
      data: {
        lesson: { thinkTank: topic.area, topic: topic.slug, lesson: topic.lessons[0] },
        memberIds: [other.user.id],
        dueAt: new Date(Date.now() + 48 * 60 * 60 * 1000).toISOString(),
        note: 'Film it from the side',
      },
    });
    await context.request.post(`${baseURL}/api/discussions/${topic.area}/${topic.slug}/${topic.lessons[0]}`, {
      data: { text: 'A first thought on this lesson' },
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const report = await audit(page, routes(other.user.username), [
      userMenu,
      notificationsPanel,
      changePasswordDialog,
    ]);
    expectNone(report);
  });
});
