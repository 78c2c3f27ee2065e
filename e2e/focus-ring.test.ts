import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOPICS } from '@common/curriculum';
import { TINY_PNG, signInAsAdmin, signUpViaApi, useBrowser } from './fixtures/browser';
import { attach, newestMessage, openChat, scrollUpUntilDrawn } from './fixtures/chat';
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

/**
 * A photo in the room with enough messages after it that the log scrolls: Tab then reaches the photo
 * (a Tab stop inside the chat's scrolling log) out of view, and the browser scrolls it in.
 */
async function photoInAFullRoom(page: Page, baseURL: string) {
  await openChat(page);
  await attach(page, { name: 'team.png', mimeType: 'image/png', buffer: TINY_PNG });
  await newestMessage(page).getByRole('button', { name: 'Open photo' }).waitFor();
  for (let poster = 0; poster < 3; poster += 1) {
    const own = await f.browser.newContext({ baseURL });
    await signUpViaApi(own, baseURL);
    for (let i = 0; i < 9; i += 1) {
      const res = await own.request.post('/api/chat/community', {
        data: { content: `Ring check ${poster}.${i}`, messageType: 'text' },
        headers: { origin: baseURL },
      });
      expect(res.status()).toBe(201);
    }
    await own.close();
  }
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
      await photoInAFullRoom(page, baseURL);
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
      expect(bad).toEqual([]);
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

  it('a control at the edge of the chat log is scrolled clear of it, its ring whole', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await photoInAFullRoom(page, baseURL);
    await page.reload();
    await page.locator('[role="log"][aria-busy="false"]').waitFor();
    const photo = page.getByRole('button', { name: 'Open photo' }).last();
    // 27 messages came after it: the room draws it once scrolled up to (decision 90).
    await scrollUpUntilDrawn(page, photo);
    for (const edge of ['top', 'bottom'] as const) {
      // The photo just inside the log's edge (whole, but its ring outside), and keyboard focus on the
      // Tab stop before it (top) or after it (bottom); then one Tab (or Shift+Tab) onto the photo.
      await page.keyboard.press('Shift');
      await photo.evaluate((button, at) => {
        const log = button.closest('[role="log"]')!;
        const stops = [...log.querySelectorAll<HTMLElement>('a[href], button, [tabindex="0"]')];
        const i = stops.indexOf(button as HTMLElement);
        stops[at === 'top' ? i - 1 : i + 1]!.focus({ preventScroll: true });
        const b = button.getBoundingClientRect();
        const l = log.getBoundingClientRect();
        log.scrollTop += at === 'top' ? b.top - l.top - 1 : b.bottom - l.bottom + 1;
      }, edge);
      await page.keyboard.press(edge === 'top' ? 'Tab' : 'Shift+Tab');
      expect(await photo.evaluate((el) => el === document.activeElement)).toBe(true);
      const ring = await measureFocusRing(page);
      expect(ring?.problem, edge).toBeNull();
    }
  });
});
