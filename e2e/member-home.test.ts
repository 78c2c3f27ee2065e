import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logoutFromMenu, submitLogin } from './fixtures/auth';
import { signUpViaApi, useBrowser } from './fixtures/browser';
import { chatLog, messageBox } from './fixtures/chat';

const f = useBrowser();

const nextLesson = (page: Page) => page.getByRole('region', { name: 'Your next lesson' });

/** The part of the window the fixed header and footer leave free: [top, bottom] in CSS pixels. */
async function freeArea(page: Page): Promise<[number, number]> {
  return page.evaluate(() => [
    document.querySelector('header')!.getBoundingClientRect().bottom,
    document.querySelector('footer')!.getBoundingClientRect().top,
  ]);
}

/** Whether the whole of the element is in the first screen, between the header and the footer. */
async function inFirstScreen(page: Page, box: { y: number; height: number } | null) {
  const [top, bottom] = await freeArea(page);
  expect(box).not.toBeNull();
  return box!.y >= top - 1 && box!.y + box!.height <= bottom + 1;
}

describe("a member's home", () => {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    it(`leads with the chat and the next lesson, in the first screen at ${viewport.width} px`, async () => {
      const context = await f.browser.newContext({ baseURL: f.baseURL, viewport });
      try {
        await signUpViaApi(context, f.baseURL);
        const page = await context.newPage();
        await page.goto('/');
        await chatLog(page).waitFor();
        await messageBox(page).waitFor();

        const chat = page.getByRole('region', { name: 'Standard Issue Comms' });
        expect(await inFirstScreen(page, await chat.boundingBox())).toBe(true);
        expect(await inFirstScreen(page, await messageBox(page).boundingBox())).toBe(true);
        expect(await inFirstScreen(page, await nextLesson(page).boundingBox())).toBe(true);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        // A member who has opened no lesson starts at the curriculum's first.
        expect(
          await nextLesson(page)
            .getByRole('link', { name: /^Start here 201 · What Constitutes Intelligence/ })
            .isVisible(),
        ).toBe(true);
        expect(await page.getByRole('button', { name: 'Think Tanks' }).isEnabled()).toBe(true);
        // The invitation is the visitors'.
        expect(await page.getByRole('heading', { name: /Find your tribe/ }).count()).toBe(0);
        expect(await page.getByRole('heading', { name: 'PIPES' }).count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }

  it('offers to continue the lesson last opened, then the one after the last one done, on any device', async () => {
    const { page, context, baseURL, browser } = f;
    const member = await signUpViaApi(context, baseURL);
    // The opening is kept by the server once the app runs (the page is drawn by the server first).
    const visited = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/systems-theory/visit'),
    );
    await page.goto('/think-tanks/intellectual/understanding-self/systems-theory');
    await page.getByRole('heading', { name: '203 · Systems Theory', exact: true }).waitFor();
    expect((await visited).status()).toBe(200);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
    await nextLesson(page)
      .getByRole('link', { name: /^Continue\s*203 · Systems Theory\s*Intellectual · Understanding Self$/ })
      .waitFor();

    // Done: the next lesson is offered, on another device too.
    await page.goto('/think-tanks/intellectual/understanding-self/systems-theory');
    const done = page.getByRole('button', { name: 'Mark as done' });
    await expect.poll(() => done.isEnabled()).toBe(true);
    await done.click();
    await expect.poll(() => done.getAttribute('aria-pressed')).toBe('true');
    const other = await browser.newContext({ baseURL });
    try {
      const res = await other.request.post(`${baseURL}/api/auth/login`, {
        data: { username: member.email, password: member.password },
      });
      expect(res.ok()).toBe(true);
      const phone = await other.newPage();
      await phone.goto('/');
      await nextLesson(phone)
        .getByRole('link', { name: /^Continue\s*204 · Optimization Of Learning/ })
        .waitFor();
    } finally {
      await other.close();
    }

    // Another member starts from the beginning.
    await page.goto('/');
    await logoutFromMenu(page);
    await signUpViaApi(context, baseURL);
    await page.goto('/');
    await nextLesson(page)
      .getByRole('link', { name: /^Start here 201 ·/ })
      .waitFor();
  });

  it('gives a visitor who signs in on the invitation their home', async () => {
    const { page, browser, baseURL } = f;
    const other = await browser.newContext({ baseURL });
    const { email, password } = await signUpViaApi(other, baseURL);
    await other.close();
    await page.goto('/');
    await page.getByRole('heading', { name: /Find your tribe/ }).waitFor();
    await submitLogin(page, email, password);
    await nextLesson(page).waitFor();
    await messageBox(page).waitFor();
    expect(await page.getByRole('heading', { name: /Find your tribe/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: /^Welcome, / }).isVisible()).toBe(true);
  });
});
