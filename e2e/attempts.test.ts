import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { canvasIn, click, drag, loadPicture, openTool, waitForData } from './fixtures/analysis';
import { signInAsAdmin, signUpViaApi, TINY_PNG, toasts, useBrowser } from './fixtures/browser';
import { chatLog, openChat } from './fixtures/chat';
import { recordTestVideo } from './fixtures/media';
import { discussionBox, discussionLog, openDiscussionPage } from './fixtures/think-tanks';

const f = useBrowser();

const LESSON_PATH = '/think-tanks/intellectual/understanding-self/systems-theory';

/** Draws a right angle on the tool's canvas and waits for its value. */
async function drawRightAngle(page: Page, tool: Locator) {
  const canvas = canvasIn(tool);
  await tool.getByRole('button', { name: 'Angle' }).click();
  await drag(page, canvas, [400, 300], [400, 150]);
  await click(page, canvas, [550, 300]);
  await tool.getByRole('status').getByText('Measured Angle: 90.0°').waitFor();
  await waitForData(canvas, 'annotations', '1');
}

/** Opens the tool's Post menu and picks one of its items, then waits for the dialog. */
async function openPost(page: Page, tool: Locator, item: 'Post to lesson…' | 'Post to chat') {
  await tool.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: item.replace('…', '') });
  await dialog.waitFor();
  return dialog;
}

describe('attempts posted back', () => {
  it('draws an angle on a frame, posts it to a lesson, and the discussion shows it with the angle value', async () => {
    const { page } = f;
    const tool = await openTool(f);
    await loadPicture(page, tool);
    await drawRightAngle(page, tool);

    const dialog = await openPost(page, tool, 'Post to lesson…');
    // The frame to be posted, with its value under it.
    await dialog.getByRole('img', { name: 'The frame you are posting' }).waitFor();
    await dialog.getByText('Angle 1: 90.0°').waitFor();
    await dialog.getByLabel('Lesson', { exact: true }).selectOption({ label: '203 · Systems Theory' });
    await dialog.getByLabel('Caption').fill('Is my knee at 90?');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await toasts(page).getByText('Your attempt is in the discussion of 203 · Systems Theory.').waitFor();

    await openDiscussionPage(page, LESSON_PATH);
    const message = discussionLog(page)
      .locator('li[data-message-id]')
      .filter({ hasText: 'Is my knee at 90?' });
    await message.getByRole('list', { name: 'Angles measured' }).getByText('Angle 1: 90.0°').waitFor();
    const image = message.getByRole('img', { name: /^Attempt by / });
    await image.waitFor();
    // The discussion shows the frame's small version (at most 480 px high, decision 71)…
    const small = await image.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(small[1]).toBeLessThanOrEqual(480);
    // …and Open frame the original, the PNG export: twice the canvas wide, with the band of values under it.
    await message.getByRole('button', { name: 'Open frame' }).click();
    const large = page.getByRole('dialog').getByRole('img', { name: /^Attempt by / });
    const size = await large.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size[0]).toBe(1600);
    expect(size[1]).toBeGreaterThan(800);
    expect(size[0]! / size[1]!).toBeCloseTo(small[0]! / small[1]!, 1);
  });

  it('posts a video frame with its clip to the chat, and its author deletes it with its files', async () => {
    const { page, browser, baseURL } = f;
    const tool = await openTool(f);
    const video = await recordTestVideo(page, 2);
    await tool
      .getByLabel('Load video or image', { exact: true })
      .setInputFiles({ name: 'squat.webm', mimeType: 'video/webm', buffer: video });
    await waitForData(canvasIn(tool), 'media', 'video');
    await drawRightAngle(page, tool);

    const dialog = await openPost(page, tool, 'Post to chat');
    await dialog.getByLabel('Caption').fill('Squat depth check');
    await dialog.getByRole('switch', { name: /Include the clip/ }).click();
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });

    // Another member sees it in the chat: the frame, the value and the clip, which plays.
    const admin = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    try {
      await signInAsAdmin(admin, baseURL);
      const other = await admin.newPage();
      await openChat(other);
      const message = chatLog(other).locator('li[data-message-id]').filter({ hasText: 'Squat depth check' });
      await message.getByText('Angle 1: 90.0°').waitFor();
      const clip = message.locator('video[aria-label^="Clip of the attempt by"]');
      await clip.waitFor();
      const clipSeconds = await clip.evaluate(
        (v: HTMLVideoElement) =>
          new Promise<number>((resolve) => {
            if (Number.isFinite(v.duration) && v.duration > 0) resolve(v.duration);
            else v.addEventListener('loadedmetadata', () => resolve(v.duration), { once: true });
            v.load();
          }),
      );
      expect(clipSeconds).toBeGreaterThan(0.5);
      const imageUrl = await message.getByRole('img', { name: /^Attempt by / }).getAttribute('src');

      // The author deletes it: gone for the other member too, and so are its files.
      await openChat(page);
      const mine = chatLog(page).locator('li[data-message-id]').filter({ hasText: 'Squat depth check' });
      await mine.getByRole('button', { name: 'Delete attempt' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete attempt' }).click();
      await mine.waitFor({ state: 'detached' });
      await message.waitFor({ state: 'detached' });
      expect((await admin.request.get(`${baseURL}${imageUrl}`)).status()).toBe(404);
    } finally {
      await admin.close();
    }
  });

  it('shows a coach the attempts posted to a lesson; Reply answers in its thread and the member sees it', async () => {
    const { page, context, browser, baseURL } = f;
    await signUpViaApi(context, baseURL);
    const upload = await context.request.post(`${baseURL}/api/upload`, {
      multipart: { file: { name: 'frame.png', mimeType: 'image/png', buffer: TINY_PNG } },
    });
    expect(upload.ok()).toBe(true);
    const { url } = (await upload.json()) as { url: string };
    const posted = await context.request.post(`${baseURL}/api/attempts`, {
      data: {
        target: {
          kind: 'lesson',
          thinkTank: 'intellectual',
          topic: 'understanding-self',
          lesson: 'systems-theory',
        },
        caption: 'Coach, my hip angle?',
        imageUrl: url,
        angles: [{ label: 'Angle 1', degrees: 131.5 }],
      },
    });
    expect(posted.status()).toBe(201);

    const coach = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    try {
      await signInAsAdmin(coach, baseURL);
      const desk = await coach.newPage();
      await openDiscussionPage(desk, LESSON_PATH);
      const review = desk.getByRole('region', { name: 'Attempts posted here' });
      const row = review.getByRole('listitem').filter({ hasText: 'Coach, my hip angle?' });
      await row.getByText('Awaiting reply').waitFor();
      await row.getByText('Angle 1: 131.5°').waitFor();
      await row.getByRole('button', { name: /^Reply to / }).click();
      await expect.poll(() => discussionBox(desk).evaluate((el) => el === document.activeElement)).toBe(true);
      await desk.keyboard.type('Open the hip a little more.');
      await desk.keyboard.press('Enter');
      await row.getByText('Replied').waitFor();
    } finally {
      await coach.close();
    }

    // The member sees the reply marked on the topic page until they open the lesson.
    await page.goto('/think-tanks/intellectual/understanding-self');
    const lessonRow = page.getByRole('link', { name: /203 · Systems Theory/ });
    await lessonRow.getByText('New reply from your coach').waitFor();
    // On a phone the pill sits under the lesson's title, never over or beside it.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 740 });
    const pill = lessonRow.getByText('New reply', { exact: true });
    await pill.waitFor();
    const title = lessonRow.getByText('Systems Theory', { exact: true });
    const [pillBox, titleBox] = await Promise.all([pill.boundingBox(), title.boundingBox()]);
    expect(pillBox!.y).toBeGreaterThanOrEqual(titleBox!.y + titleBox!.height - 1);
    expect(pillBox!.x).toBeGreaterThanOrEqual(titleBox!.x - 1);
    if (wide) await page.setViewportSize(wide);
    await lessonRow.click();
    await discussionLog(page).getByText('Open the hip a little more.').waitFor();
    await page.goto('/think-tanks/intellectual/understanding-self');
    await page.getByRole('link', { name: /203 · Systems Theory/ }).waitFor();
    await expect.poll(() => page.getByText('New reply from your coach').count()).toBe(0);
  });
});
