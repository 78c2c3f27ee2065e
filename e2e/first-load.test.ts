import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logoutFromMenu, submitLogin } from './fixtures/auth';
import { signUpViaApi, useBrowser } from './fixtures/browser';

const f = useBrowser();

/**
 * Console errors and warnings, and uncaught errors (a hydration mismatch is reported as one). The
 * visitor's /api/auth/me answering 401 is how the app learns it is signed out, not a problem.
 */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (/status of 401/.test(message.text()) && message.location().url.endsWith('/api/auth/me')) return;
    problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('the first visit', () => {
  it('shows the home page and the layout with JavaScript off', async () => {
    const context = await f.browser.newContext({ baseURL: f.baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      expect(await page.getByRole('heading', { name: 'Tribe36', level: 1 }).isVisible()).toBe(true);
      expect(await page.getByText('Find your tribe. Evolve.').first().isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: /Find your tribe/ }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'PIPES' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'ACCESS' }).isVisible()).toBe(true);
      expect(await page.getByText('Please log in to view and send messages').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Think Tanks' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Login', exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Member Login' }).isVisible()).toBe(true);

      // Any other page: the header and footer frame at once, the page itself once the app runs.
      await page.goto('/think-tanks/physiological');
      expect(await page.getByRole('heading', { name: 'Tribe36', level: 1 }).isVisible()).toBe(true);
      expect(await page.locator('footer').isVisible()).toBe(true);
      expect(await page.getByText('Please log in to view and send messages').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('hydrates the prerendered home page without an error, keeping its HTML, and signs in after', async () => {
    const { page, browser } = f;
    const other = await browser.newContext({ baseURL: f.baseURL });
    const { email, password, user } = await signUpViaApi(other, f.baseURL);
    await other.close();

    const problems = collectProblems(page);
    // The hero's heading as the server sent it, taken before any script of the page runs: React
    // keeps it when the HTML matches, and draws a new one when hydration fails.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { prerendered: Element | null }).prerendered =
            document.getElementById('pitch-title');
        }
      });
    });
    // The member count is asked for once the app runs (and shown to visitors from 10 members on).
    const counted = page.waitForResponse((r) => r.url().endsWith('/api/members/count'));
    await page.goto('/');
    await counted;
    expect(
      await page.evaluate(() => {
        const kept = (window as unknown as { prerendered: Element | null }).prerendered;
        return kept !== null && kept === document.getElementById('pitch-title');
      }),
    ).toBe(true);

    await submitLogin(page, email, password);
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await page.getByRole('log', { name: 'Community messages' }).waitFor();
    expect(await page.getByRole('button', { name: 'Think Tanks' }).isEnabled()).toBe(true);
    expect(user.username).not.toBe('');
    expect(problems).toEqual([]);
  });

  it('gives a signed-in member the shell, then their page, without an error', async () => {
    const { page, context } = f;
    await signUpViaApi(context, f.baseURL);
    const problems = collectProblems(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await page.getByRole('log', { name: 'Community messages' }).waitFor();
    expect(await page.getByText('Please log in to view and send messages').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  // Decision 91: the app's steps, the page's code and what that code imports are all asked for as the
  // page is painted, not one after another as each runs (a round trip each on a phone's link). React's
  // chunk is held here until the page's own chunks have been asked for: before, nothing asked for them
  // until React had run.
  it.each([
    ['the home (the shell)', '/', ['community-room', 'message-text', 'user-menu']],
    ['the profile (a prerendered frame)', '/profile', ['profile-page', 'recording-calendar', 'profile-hero']],
  ])("asks for %s's code beside the app's, not once the app runs", async (_, path, chunks) => {
    const { page, context } = f;
    await signUpViaApi(context, f.baseURL);
    const asked = new Set<string>();
    page.on('request', (request) => {
      const name = /\/assets\/([a-z0-9-]+?)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname)?.[1];
      if (name) asked.add(name);
    });
    let beforeReact: string[] = [];
    await page.route(/\/assets\/step1-react-dom-[\w-]+\.js$/, async (route) => {
      await expect
        .poll(() => chunks.every((c) => asked.has(c)), { timeout: 5_000 })
        .toBe(true)
        .catch(() => undefined);
      beforeReact = chunks.filter((c) => asked.has(c));
      await route.continue();
    });
    await page.goto(path);
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(beforeReact).toEqual(chunks);
  });

  it('gives a signed-in member a Think Tank page drawn by the server, hydrated without an error or a shift', async () => {
    const { page, context } = f;
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpViaApi(context, f.baseURL);
    const problems = collectProblems(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/me')) asked.push(r.url());
    });
    // Layout shifts from the start, and the section the server drew, taken before any script runs:
    // React keeps it when hydration matches, and draws a new one when it fails.
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number; prerendered: Element | null };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          w.prerendered = document.querySelector('[aria-labelledby="voiceover-recording-title"]');
      });
    });
    const response = await page.goto('/think-tanks/physiological');
    const html = (await response!.text()) ?? '';
    expect(html).toContain('data-prerendered="member"');
    expect(html).toContain('Talk over your screen');
    expect(html).toContain('<title>Physiological · Tribe36</title>');
    expect(response!.headers()['cache-control']).toBe('private, no-cache');

    // /api/auth/me has answered (the user menu), and the page is the app's (a button of the tool works).
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    // Hydrated to the last part: the recorder, which cannot know before, enables Start where it can.
    await expect
      .poll(() => page.getByRole('button', { name: 'Start Recording' }).isEnabled(), { timeout: 15_000 })
      .toBe(true);
    await page.evaluate(() => document.fonts.ready);
    const state = await page.evaluate(() => {
      const w = window as unknown as { shift: number; prerendered: Element | null };
      return {
        kept:
          w.prerendered !== null &&
          w.prerendered === document.querySelector('[aria-labelledby="voiceover-recording-title"]'),
        shift: w.shift,
        title: document.title,
      };
    });
    expect(state.kept, 'hydration kept the HTML the server sent').toBe(true);
    expect(state.shift).toBeLessThan(0.02);
    expect(state.title).toBe('Physiological · Tribe36');
    // The request main.tsx starts early is the query's answer, not a second one.
    expect(asked).toHaveLength(1);
    expect(problems).toEqual([]);

    // Signed out, the same address is a visitor's again: the shell, then the home page to log in.
    await logoutFromMenu(page);
    const again = await page.goto('/think-tanks/physiological');
    const shell = (await again!.text()) ?? '';
    expect(shell).toContain('data-prerendered="shell"');
    expect(shell).not.toContain('Talk over your screen');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.getByText('Talk over your screen').count()).toBe(0);
  });

  it('hydrates every page prerendered for members without a mismatch on a phone and a laptop; How to Use folds its shortcuts on a phone', async () => {
    const { page, context } = f;
    await signUpViaApi(context, f.baseURL);
    // Every error React reports while hydrating (minified in the build: #418 is 'Hydration failed').
    const mismatches: string[] = [];
    const onProblem = (where: string, text: string) => {
      if (/#41[89]|#42[0-5]|hydrat/i.test(text)) mismatches.push(`${where}: ${text.slice(0, 200)}`);
    };
    let at = '';
    page.on('console', (message) => onProblem(at, message.text()));
    page.on('pageerror', (error) => onProblem(at, error.message));
    const pages = Object.keys(
      JSON.parse(
        fs.readFileSync(path.join(import.meta.dirname, '..', 'dist', 'member-pages', 'pages.json'), 'utf8'),
      ) as Record<string, string>,
    ).filter((key) => !key.includes('#')); // '/profile#email-unconfirmed': another frame of /profile (decision 68)
    expect(pages).toContain('/think-tanks/physiological');
    expect(pages).toContain('/profile');

    const shortcuts = page.getByRole('button', { name: 'Keyboard shortcuts' });
    const shortcutsHelp = page.getByText('They work while the tool has focus.');
    for (const viewport of [
      { width: 375, height: 667 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      // All of them on a phone; on a laptop the physiological page, whose How to Use card differs by width.
      for (const path of viewport.width < 768 ? pages : ['/think-tanks/physiological']) {
        at = `${path} at ${viewport.width} px`;
        const response = await page.goto(path);
        expect(await response!.text(), at).toContain('data-prerendered="member"');
        await page.getByRole('button', { name: 'User menu' }).waitFor();
        if (path !== '/think-tanks/physiological') continue;
        // Hydrated to the last part (the recorder enables Start once it knows it can).
        await expect
          .poll(() => page.getByRole('button', { name: 'Start Recording' }).isEnabled(), { timeout: 15_000 })
          .toBe(true);
        // The shortcuts open beside the steps on a laptop, folded under them on a phone: the page shows
        // what its button says, and one press on it opens or closes them.
        const phone = viewport.width < 768;
        await expect
          .poll(() => shortcuts.getAttribute('aria-expanded'), { timeout: 5_000 })
          .toBe(String(!phone));
        expect(await shortcutsHelp.isVisible()).toBe(!phone);
        await shortcuts.click();
        await expect.poll(() => shortcutsHelp.isVisible()).toBe(phone);
        expect(await shortcuts.getAttribute('aria-expanded')).toBe(String(phone));
      }
    }
    // The visitor's prerendered home page too, at both sizes.
    await context.clearCookies();
    for (const viewport of [
      { width: 375, height: 667 },
      { width: 1280, height: 800 },
    ]) {
      at = `/ at ${viewport.width} px, signed out`;
      await page.setViewportSize(viewport);
      const counted = page.waitForResponse((r) => r.url().endsWith('/api/members/count'));
      await page.goto('/');
      await counted;
      await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    }
    expect(mismatches).toEqual([]);
  });

  it('sets its text in the self-hosted Inter, preloaded, Latin file only, without shifting the page', async () => {
    const { page, baseURL } = f;
    const fonts: { url: string; type: string; cache: string }[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'font')
        fonts.push({
          url: r.url(),
          type: r.headers()['content-type'] ?? '',
          cache: r.headers()['cache-control'] ?? '',
        });
    });
    // Layout shifts from the start of the page (the font's swap among them).
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const html = await (await page.request.get('/')).text();
    const preload =
      /<link rel="preload" href="(\/assets\/inter-latin-wght-normal-[\w-]+\.woff2)" as="font" type="font\/woff2" crossorigin/.exec(
        html,
      );
    expect(preload, 'the home page preloads the Latin file').not.toBeNull();

    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    const used = await page.evaluate(() => ({
      heading: getComputedStyle(document.querySelector('h1')!).fontFamily,
      body: getComputedStyle(document.body).fontFamily,
      loaded:
        document.fonts.check('900 16px "Inter Variable"') &&
        document.fonts.check('400 16px "Inter Variable"'),
      shift: (window as unknown as { shift: number }).shift,
    }));
    expect(used.heading).toMatch(/^"Inter Variable"/);
    expect(used.body).toMatch(/^"Inter Variable"/);
    expect(used.loaded).toBe(true);
    expect(used.shift).toBeLessThan(0.02);

    // One file, ours, from our own origin: the Latin one the page preloaded, kept for a year.
    expect(fonts.map((x) => x.url)).toEqual([`${baseURL}${preload![1]}`]);
    expect(fonts[0]!.type).toBe('font/woff2');
    expect(fonts[0]!.cache).toContain('immutable');
  });
});
