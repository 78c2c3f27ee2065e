import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOPICS } from '@common/curriculum';
import { signInAsAdmin, signUpViaApi, useBrowser } from './fixtures/browser';
import { measureFocusRing, tabThrough } from './fixtures/focus-ring';

const f = useBrowser();

const topic = TOPICS[0]!;
const THEMES = ['dark', 'light'] as const;

/** Shows the page in a theme as the theme provider does, without a reload. */
async function showTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((dark) => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, theme === 'dark');
}

/** Every Tab stop of each page in both themes whose ring is not visible, as readable lines. */
async function badRings(page: Page, paths: string[]) {
  const bad: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.locator('main').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .animate-spin'));
    for (const theme of THEMES) {
      await showTheme(page, theme);
      const rings = await tabThrough(page);
      expect(rings.length, `${path}: no Tab stop`).toBeGreaterThan(0);
      for (const ring of rings)
        if (ring.problem) bad.push(`${path} ${theme}: ${ring.element}: ${ring.problem}`);
    }
  }
  return bad;
}

describe('focus rings', () => {
  it(
    'every Tab stop shows a ring of at least 3:1, not cut off, in both themes',
    { timeout: 180_000 },
    async () => {
      const { page, context, baseURL } = f;
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const bad = await badRings(page, ['/']);

      const other = await signUpViaApi(context, baseURL);
      await context.clearCookies();
      await signInAsAdmin(context, baseURL);
      bad.push(
        ...(await badRings(page, [
          '/',
          '/profile',
          '/profile/edit',
          `/member/${other.user.username}`,
          '/think-tanks/physiological',
          `/think-tanks/${topic.area}`,
          `/think-tanks/${topic.area}/${topic.slug}`,
          `/think-tanks/${topic.area}/${topic.slug}/${topic.lessons[0]}`,
        ])),
      );
      expect(bad.join('\n')).toBe('');
    },
  );

  it('the user menu items show a ring when reached by keyboard', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'User menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    const items = await page.getByRole('menuitem').count();
    expect(items).toBeGreaterThan(1);
    for (const theme of THEMES) {
      await showTheme(page, theme);
      for (let i = 0; i < items; i += 1) {
        const ring = await measureFocusRing(page);
        expect(ring?.problem, `${theme}: ${ring?.element}`).toBeNull();
        await page.keyboard.press('ArrowDown');
      }
    }
  });

  it('the analysis canvas ring is drawn inside it, where its box does not cut it off', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/think-tanks/physiological');
    const canvas = page.locator('canvas[tabindex="0"]').first();
    await canvas.waitFor();
    // Keyboard focus (a Tab first, so that the move counts as a keyboard one).
    await page.keyboard.press('Tab');
    await canvas.focus();
    expect(await canvas.evaluate((el) => el === document.activeElement)).toBe(true);
    const ring = await measureFocusRing(page);
    expect(ring?.problem).toBeNull();
    expect(await canvas.evaluate((el) => parseFloat(getComputedStyle(el).outlineOffset))).toBeLessThan(0);
  });
});
