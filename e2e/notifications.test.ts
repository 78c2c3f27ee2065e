// The bell, notification targets and unread in the chat (issue 32, decision 59).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { notificationUrl } from '../common/notification-links';
import { signUpViaApi, useBrowser } from './fixtures/browser';
import { chatLog, openChat, postViaApi, secondMember, uniqueText } from './fixtures/chat';
import { recordTestVideo } from './fixtures/media';
import { lessonVideo, uploadLessonVideoViaApi } from './fixtures/think-tanks';

const f = useBrowser();

/** The bell, by its accessible name: 'Notifications' or 'Notifications, N unread'. */
const bell = (page: Page, unread = 0) =>
  page.getByRole('button', {
    name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications',
    exact: true,
  });

/** Screenshots for a person to look at, when SCREENSHOT_DIR is set. */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Waits for the chat to send where the member stopped reading (PUT /api/chat/community/read). */
const readSent = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith('/api/chat/community/read') && r.request().method() === 'PUT' && r.ok(),
  );

describe('the bell', () => {
  it('counts up live when another member mentions me, and a click lands on the highlighted message', async () => {
    const { page, context, baseURL } = f;
    const me = await signUpViaApi(context, baseURL);
    // Six members, to push the mention out of the chat's newest page (100) by the time I click it.
    const others = await Promise.all(Array.from({ length: 6 }, () => secondMember(f)));
    const [ann] = others;
    try {
      await openChat(page);
      await bell(page).waitFor();
      expect(await page.title()).toBe('Tribe36');

      const mention = uniqueText(`Look at this @${me.user.username}`);
      const posted = await postViaApi(ann!.context, baseURL, mention);
      // Live, without a reload: the count and the page title.
      await bell(page, 1).waitFor();
      await expect.poll(() => page.title()).toBe('(1) Tribe36');
      await expect.poll(() => page.getByTestId('notification-badge').textContent()).toBe('1');

      // 114 messages after it: the mention is older than the chat's newest page.
      for (const [n, sender] of others.entries()) {
        for (let i = 0; i < 19; i += 1)
          await postViaApi(sender.context, baseURL, uniqueText(`After ${n}.${i}`));
      }
      await page.reload();
      await page.locator('[role="log"][aria-busy="false"]').waitFor();
      expect(await chatLog(page).locator(`li[data-message-id="${posted.id}"]`).count()).toBe(0);
      await bell(page, 1).waitFor();
      await shot(page, 'bell-1280');

      await bell(page, 1).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      const item = panel.getByRole('link', { name: /mentioned you in the chat/ });
      await item.waitFor();
      expect(await item.textContent()).toContain(ann!.user.name);
      expect(await item.textContent()).toContain('Unread');
      expect(await item.getAttribute('href')).toBe(notificationUrl({ type: 'chat', messageId: posted.id }));
      await shot(page, 'bell-open-1280');

      await item.click();
      // The chat loaded older pages until it held the message, which is in view, highlighted and focused.
      const target = chatLog(page).locator(`li[data-message-id="${posted.id}"]`);
      await target.waitFor();
      await expect.poll(() => target.getAttribute('data-target-message')).toBe('');
      expect(await target.evaluate((el) => el === document.activeElement)).toBe(true);
      // In view, and kept there while the messages around it take their real heights (decision 85).
      const inView = () =>
        target.evaluate((el) => {
          const log = el.closest('[role="log"]')!.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return box.top >= log.top - 1 && box.bottom <= log.bottom + 1;
        });
      await expect.poll(inView).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await inView()).toBe(true);
      await shot(page, 'target-chat-1280');
      // Read: the count goes, from the title too, and the address is the home page's again.
      await bell(page).waitFor();
      await expect.poll(() => page.title()).toBe('Tribe36');
      expect(new URL(page.url()).search).toBe('');
    } finally {
      await Promise.all(others.map((o) => o.context.close()));
    }
  });

  it('lists them on /notifications, newest first, and marks all as read', async () => {
    const { page, context, baseURL } = f;
    const me = await signUpViaApi(context, baseURL);
    const ann = await secondMember(f);
    try {
      const first = await postViaApi(ann.context, baseURL, uniqueText(`First @${me.user.username}`));
      const second = await postViaApi(ann.context, baseURL, uniqueText(`Second @${me.user.username}`));
      await page.goto('/notifications');
      await page.getByRole('heading', { name: 'Notifications', level: 2 }).waitFor();
      await expect.poll(() => page.title()).toBe('(2) Notifications · Tribe36');
      const list = page.getByRole('list', { name: 'Notifications, newest first' });
      const links = list.getByRole('link');
      await expect.poll(() => links.count()).toBe(2);
      expect(await list.getByText('Unread:').count()).toBe(2);
      expect(await links.nth(0).textContent()).toContain(second.content);
      expect(await links.nth(1).textContent()).toContain(first.content);
      await shot(page, 'notifications-page-1280');

      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await bell(page).waitFor();
      await expect.poll(() => page.title()).toBe('Notifications · Tribe36');
      await expect.poll(() => list.getByText('Unread:').count()).toBe(0);
      // Read on the server too.
      await page.reload();
      await expect.poll(() => links.count()).toBe(2);
      expect(await list.getByText('Unread:').count()).toBe(0);
      // The bell with no count (it draws once the member is known, after the list may have).
      await bell(page).waitFor();

      await page.setViewportSize({ width: 375, height: 740 });
      await shot(page, 'notifications-page-375');
    } finally {
      await ann.context.close();
    }
  });

  it('opens a lesson discussion message from its link, highlighted, with the video at its time', async () => {
    const { page, context, baseURL } = f;
    // A lesson of its own: e2e/lesson-videos.test.ts expects systems-theory to start without a video.
    const slot = { thinkTank: 'emotional', topicSlug: 'emotion-neural-link', lessonSlug: 'sensory-stimuli' };
    await page.goto('/');
    await uploadLessonVideoViaApi(f.browser, baseURL, slot, await recordTestVideo(page, 4));
    await signUpViaApi(context, baseURL);
    const thread = { thinkTank: slot.thinkTank, topic: slot.topicSlug, lesson: slot.lessonSlug };
    const res = await context.request.post(
      `${baseURL}/api/discussions/${thread.thinkTank}/${thread.topic}/${thread.lesson}`,
      { data: { text: uniqueText('A discussion message to find'), videoSeconds: 2 } },
    );
    expect(res.status(), await res.text()).toBe(201);
    const message = (await res.json()) as { id: number; videoSeconds: number };
    await page.goto(
      notificationUrl({ type: 'discussion', ...thread, messageId: message.id, videoSeconds: 2 }),
    );
    const target = page.locator(`li[data-message-id="${message.id}"]`);
    await expect.poll(() => target.getAttribute('data-target-message')).toBe('');
    expect(await target.evaluate((el) => el === document.activeElement)).toBe(true);
    // The video is at the message's time, paused (no autoplay: the member is reading).
    await expect
      .poll(() => lessonVideo(page).evaluate((v: HTMLVideoElement) => Math.round(v.currentTime * 10) / 10))
      .toBe(2);
    expect(await lessonVideo(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    await shot(page, 'target-discussion-1280');
  });
});

describe('unread in the chat', () => {
  // Whichever of the room's two first answers comes first: its messages, or where the member stopped
  // reading (the divider is placed when both are in, in the frame the list moves to its end).
  it.each([
    ['its messages come first', false],
    ['where the member stopped reading comes first', true],
  ])(
    "shows 'N new messages' above the first unread one, with 'Jump to first unread', until read (%s)",
    async (_, positionFirst) => {
      const { page, context, baseURL } = f;
      const me = await signUpViaApi(context, baseURL);
      const others = await Promise.all([secondMember(f), secondMember(f)]);
      try {
        // Read to the end once: the position is kept on the server.
        const sent = readSent(page);
        await postViaApi(others[0]!.context, baseURL, uniqueText('Already read'));
        await openChat(page);
        await sent;
        await page.goto('/notifications');

        // 30 messages while away (and one of mine, which is never unread).
        const firstUnread = await postViaApi(others[0]!.context, baseURL, uniqueText('First unread'));
        for (const [n, sender] of others.entries()) {
          for (let i = n === 0 ? 1 : 0; i < 15; i += 1)
            await postViaApi(sender.context, baseURL, uniqueText(`Away ${n}.${i}`));
        }
        await postViaApi(context, baseURL, uniqueText('Mine'));
        void me;

        if (positionFirst) {
          const position = page.waitForResponse(
            (r) => r.url().endsWith('/api/chat/community/read') && r.request().method() === 'GET',
          );
          await page.route(
            (url) => url.pathname === '/api/chat/community',
            async (route) => {
              await position;
              await route.continue();
            },
          );
        }
        await openChat(page);
        const divider = chatLog(page).locator('[data-unread-divider]');
        await divider.waitFor();
        expect(await divider.textContent()).toBe('30 new messages');
        // Right above the first unread message.
        expect(await divider.evaluate((el) => el.nextElementSibling?.getAttribute('data-message-id'))).toBe(
          String(firstUnread.id),
        );
        const jump = page.getByRole('button', { name: 'Jump to first unread' });
        await jump.waitFor();
        await shot(page, 'unread-divider-jump-1280');
        await jump.click();
        await expect
          .poll(() =>
            divider.evaluate((el) => {
              const log = el.closest('[role="log"]')!.getBoundingClientRect();
              const box = el.getBoundingClientRect();
              return box.top >= log.top - 1 && box.bottom <= log.bottom + 1;
            }),
          )
          .toBe(true);
        expect(await divider.evaluate((el) => el === document.activeElement)).toBe(true);
        await jump.waitFor({ state: 'detached' });
        await shot(page, 'unread-divider-1280');

        // Read to the end: the next opening has nothing new.
        await chatLog(page).evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await expect
          .poll(async () => (await context.request.get(`${baseURL}/api/chat/community/read`)).json())
          .toMatchObject({ unread: 0, firstUnreadId: null });
        await openChat(page);
        await chatLog(page).locator('li[data-message-id]').last().waitFor();
        expect(await chatLog(page).locator('[data-unread-divider]').count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Jump to first unread' }).count()).toBe(0);
      } finally {
        await Promise.all(others.map((o) => o.context.close()));
      }
    },
  );
});
