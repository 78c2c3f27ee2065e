import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pngBytes } from '../test/helpers/uploads';
import { openLoginDialog } from './fixtures/auth';
import { signUpViaApi, uniqueEmail, useBrowser, type BrowserFixture } from './fixtures/browser';
import {
  attach,
  chatLog,
  messageBox,
  newestMessage,
  openChat,
  postViaApi,
  secondMember,
  uniqueText,
} from './fixtures/chat';
import { recordTestVideo } from './fixtures/media';

const f = useBrowser();

const PHONE = { width: 375, height: 812 };

/** A context and page of the phone's size, signed in as a new member. */
async function phoneMember(fx: BrowserFixture) {
  const context = await fx.browser.newContext({ baseURL: fx.baseURL, viewport: PHONE, hasTouch: true });
  context.setDefaultTimeout(15_000);
  const member = await signUpViaApi(context, fx.baseURL);
  return { context, page: await context.newPage(), ...member };
}

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
};
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** How far the page and the chat's list can scroll sideways (0 when they cannot). */
async function sidewaysScroll(page: Page) {
  return {
    page: await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
    list: await chatLog(page).evaluate((el) => el.scrollWidth - el.clientWidth),
  };
}

/** The accessibility tree as Chromium gives it to screen readers. */
async function accessibilityTree(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: Array<{
        role?: { value?: string };
        name?: { value?: string };
        properties?: Array<{ name: string; value: { value?: unknown } }>;
      }>;
    };
    return nodes.map((n) => ({
      role: n.role?.value,
      name: n.name?.value,
      live: n.properties?.find((p) => p.name === 'live')?.value.value,
    }));
  } finally {
    await cdp.detach();
  }
}

describe('the chat on a phone (375 px)', () => {
  it('wraps a 300-character URL and a long word, and fits the video poster, with nothing scrolling sideways', async () => {
    const { context, page } = await phoneMember(f);
    try {
      const url = `https://example.com/${'a1b2c3d4e5'.repeat(28)}?q=end`;
      expect(url.length).toBeGreaterThanOrEqual(300);
      const word = 'Supercalifragilistic'.repeat(8);
      await postViaApi(context, f.baseURL, `Read this first ${url} then this`);
      await postViaApi(context, f.baseURL, word);
      await openChat(page);
      await chatLog(page).getByText(word).waitFor();
      const link = chatLog(page).getByRole('link', { name: url });
      await link.waitFor();

      expect(await sidewaysScroll(page)).toEqual({ page: 0, list: 0 });
      const list = await box(chatLog(page));
      for (const part of [link, chatLog(page).getByText(word)]) {
        const b = await box(part);
        expect(b.x).toBeGreaterThanOrEqual(list.x);
        expect(b.x + b.width).toBeLessThanOrEqual(list.x + list.width);
      }

      // A video message: its poster stays inside the list too.
      await attach(page, { name: 'drill.webm', mimeType: 'video/webm', buffer: await recordTestVideo(page) });
      const play = newestMessage(page).getByRole('button', { name: 'Play video' });
      await play.waitFor();
      const poster = await box(play);
      expect(poster.x + poster.width).toBeLessThanOrEqual(list.x + list.width);
      expect(await sidewaysScroll(page)).toEqual({ page: 0, list: 0 });
    } finally {
      await context.close();
    }
  });

  it('opens a photo enlarged within the screen, its title clear of Close', async () => {
    const { context, page, user } = await phoneMember(f);
    try {
      await openChat(page);
      await attach(page, { name: 'wide.png', mimeType: 'image/png', buffer: pngBytes(1200, 800) });
      const thumbnail = newestMessage(page).getByRole('button', { name: 'Open photo' });
      await thumbnail.waitFor();
      await thumbnail.click();
      const dialog = page.getByRole('dialog', { name: `Photo from ${user.name}` });
      await dialog.waitFor();
      const photo = dialog.getByRole('img', { name: `Photo from ${user.name}` });
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(1200);
      // Wait for the opening animation to end before measuring.
      await expect
        .poll(() => dialog.evaluate((el) => el.getAnimations().every((a) => a.playState === 'finished')))
        .toBe(true);

      const d = await box(dialog);
      expect(d.x).toBeGreaterThanOrEqual(0);
      expect(d.y).toBeGreaterThanOrEqual(0);
      expect(d.x + d.width).toBeLessThanOrEqual(PHONE.width);
      expect(d.y + d.height).toBeLessThanOrEqual(PHONE.height);
      const p = await box(photo);
      expect(p.x + p.width).toBeLessThanOrEqual(d.x + d.width);
      expect(p.width).toBeGreaterThan(PHONE.width / 2); // the photo is shown large, not squeezed
      const title = dialog.getByText(`Photo from ${user.name}`, { exact: true });
      const close = dialog.getByRole('button', { name: 'Close' });
      // The title's text is drawn in its content box (cut short with an ellipsis at its edge).
      const text = await title.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const css = getComputedStyle(el);
        const left = r.x + parseFloat(css.paddingLeft);
        const right = r.right - parseFloat(css.paddingRight);
        return { x: left, y: r.y, width: right - left, height: r.height };
      });
      expect(text.width).toBeGreaterThan(100);
      expect(overlaps(text, await box(close))).toBe(false);
      expect(await sidewaysScroll(page)).toMatchObject({ page: 0 });
    } finally {
      await context.close();
    }
  });
});

describe('the chat by keyboard and for screen readers', () => {
  it('sends a message by keyboard alone, focus staying in the message box', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await openChat(page);
    // The app runs (the user menu is drawn once it knows the member): Tab then walks the final page.
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // Tab from the top of the page to the room: its first stop, before its messages (up to its 100
    // newest, each with its actions button), is a link past them, shown while it has the focus.
    const skip = page.getByRole('link', { name: 'Skip to message box' });
    let tabs = 0;
    while (!(await skip.evaluate((el) => el === document.activeElement))) {
      expect(++tabs, 'the link past the messages is reached by Tab').toBeLessThan(80);
      await page.keyboard.press('Tab');
    }
    expect((await skip.boundingBox())!.width).toBeGreaterThan(100);
    await page.keyboard.press('Enter');
    expect(await messageBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
    // Out of sight again (the screen readers' 1 px) once the focus has left it.
    expect((await skip.boundingBox())!.width).toBeLessThanOrEqual(1);
    const text = uniqueText('sent by keyboard');
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
    await newestMessage(page).getByText(text).waitFor();
    expect(await messageBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await messageBox(page).inputValue()).toBe('');
    // Shift+Enter makes a new line instead of sending.
    await page.keyboard.type('line one');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('line two');
    expect(await messageBox(page).inputValue()).toBe('line one\nline two');
  });

  it('reads out new messages from others once, through a polite status; the list itself is not live', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await openChat(page);
    await page.locator('[data-stream="open"]').waitFor();
    const room = page.getByRole('region', { name: 'Standard Issue Comms' });
    const announcer = room.locator('[data-message-announcer]');
    // What was there on arrival is not read out.
    expect(await announcer.textContent()).toBe('');

    const other = await secondMember(f);
    try {
      const text = uniqueText('hello from the other side');
      await postViaApi(other.context, baseURL, text);
      await room
        .getByRole('status')
        .filter({ hasText: `${other.user.name}: ${text}` })
        .waitFor();

      // The member's own message is not read back to them.
      const mine = uniqueText('my own words');
      await messageBox(page).fill(mine);
      await messageBox(page).press('Enter');
      await newestMessage(page).getByText(mine).waitFor();
      expect(await announcer.textContent()).toBe(`${other.user.name}: ${text}`);

      const tree = await accessibilityTree(page);
      const log = tree.find((n) => n.role === 'log' && n.name === 'Community messages');
      expect(log).toBeDefined();
      expect(['polite', 'assertive']).not.toContain(log!.live);
      expect(tree.filter((n) => n.role === 'status' && n.live === 'polite').length).toBeGreaterThan(0);
    } finally {
      await other.context.close();
    }
  });

  it('names the inline video player', async () => {
    const { page, context, baseURL } = f;
    const { user } = await signUpViaApi(context, baseURL);
    await openChat(page);
    await attach(page, { name: 'clip.webm', mimeType: 'video/webm', buffer: await recordTestVideo(page) });
    const play = newestMessage(page).getByRole('button', { name: 'Play video' });
    await play.waitFor();
    await play.click();
    await newestMessage(page).locator('video[controls]').waitFor();
    const tree = await accessibilityTree(page);
    expect(tree.some((n) => n.role === 'Video' && n.name === `Video from ${user.name}`)).toBe(true);
  });

  it('announces success toasts politely and errors assertively', async () => {
    const { page } = f;
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await dialog.getByLabel('Username').fill(uniqueEmail('nobody'));
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await page.locator('[role="status"][aria-live="assertive"]', { hasText: 'Login Failed' }).waitFor();

    const email = uniqueEmail();
    await dialog.getByRole('button', { name: 'Register here' }).click();
    const join = page.getByRole('dialog', { name: 'Join Tribe36' });
    await join.waitFor();
    await join.getByLabel('Email (Username)').fill(email);
    await join.getByLabel('Password', { exact: true }).fill('secret-pass');
    await join.getByLabel('Re-enter Password').fill('secret-pass');
    await join.getByRole('button', { name: 'Register' }).click();
    await page
      .locator('[role="status"][aria-live="polite"]', { hasText: "Account created! You're now logged in." })
      .waitFor();
  });
});

describe('the member count', () => {
  const card = (page: Page) => page.getByRole('region', { name: 'Members' });

  it('goes up on an open page when someone joins, without a reload', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await openChat(page);
    await page.locator('[data-stream="open"]').waitFor();
    const count = card(page).getByTestId('member-count');
    const before = Number(await count.textContent());
    expect(before).toBeGreaterThan(0);

    const other = await f.browser.newContext({ baseURL });
    try {
      await signUpViaApi(other, baseURL);
      await expect.poll(async () => Number(await count.textContent())).toBe(before + 1);
    } finally {
      await other.close();
    }
  });

  it('is hidden from visitors under 10 members, shown from 10, and always shown to members', async () => {
    const { page, context, baseURL } = f;
    let members = 9;
    await page.route('**/api/members/count', (route) =>
      route.fulfill({ json: { count: members }, headers: { 'cache-control': 'no-store' } }),
    );
    const counted = () => page.waitForResponse((r) => r.url().endsWith('/api/members/count'));

    let answered = counted();
    await page.goto('/');
    await answered;
    await expect.poll(() => page.getByText('athletes in the tribe').count()).toBe(0);
    expect(await card(page).count()).toBe(0);

    members = 10;
    answered = counted();
    await page.reload();
    await answered;
    await card(page).getByTestId('member-count').getByText('10', { exact: true }).waitFor();
    expect(await card(page).getByText('athletes in the tribe').isVisible()).toBe(true);

    // A member sees the count of a small tribe (here without the stream, which would send the real one).
    members = 3;
    await page.route(
      (url) => url.pathname === '/api/live',
      (route) => route.abort(),
    );
    await signUpViaApi(context, baseURL);
    answered = counted();
    await page.reload();
    await answered;
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await card(page).getByTestId('member-count').getByText('3', { exact: true }).waitFor();
  });
});
