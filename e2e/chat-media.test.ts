import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, TINY_PNG, signUpViaApi, toasts, useBrowser } from './fixtures/browser';
import { attach, chatLog, newestMessage, openChat } from './fixtures/chat';
import { playerLength, recordTestVideo } from './fixtures/media';
import { CHROMIUM_PATH } from './fixtures/chromium';

const f = useBrowser();

describe('photo and video messages', () => {
  it("uploads a photo with 'Uploading...' and opens it enlarged in a dialog", async () => {
    const { page, context, baseURL } = f;
    const { user } = await signUpViaApi(context, baseURL);
    await openChat(page);
    // Every media answer from before the upload ends: the list may load the photo at once.
    const media: string[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/api/media/'))
        media.push(`${url.pathname}${url.search} ${res.headers()['content-type']}`);
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/upload', async (route) => {
      await held;
      await route.continue();
    });
    await attach(page, { name: 'team.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByText(/^Uploading\.\.\. \d{1,3}%$/).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Upload progress' }).isVisible()).toBe(true);
    release();
    await page.getByText(/^Uploading\.\.\./).waitFor({ state: 'detached' });

    // The list loads the photo's small version, the dialog the original (decision 71).
    const thumbnail = newestMessage(page).getByRole('button', { name: 'Open photo' });
    await thumbnail.waitFor();
    const image = thumbnail.getByRole('img', { name: `Photo from ${user.name}` });
    const small = await image.getAttribute('src');
    expect(small).toMatch(/^\/api\/media\/[0-9a-f-]{36}\?size=small$/);
    const original = small!.replace('?size=small', '');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expect.poll(() => media).toContain(`${small} image/webp`);
    expect(media.filter((m) => m.startsWith(`${original} `))).toEqual([]);

    await thumbnail.click();
    const dialog = page.getByRole('dialog', { name: `Photo from ${user.name}` });
    await dialog.waitFor();
    const large = dialog.getByRole('img', { name: `Photo from ${user.name}` });
    expect(await large.getAttribute('src')).toBe(original);
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expect.poll(() => media).toContain(`${original} image/png`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows a video as its first frame, plays it inline, and returns to the poster at the end', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await openChat(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const video = await recordTestVideo(page);
    expect(video.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // a WebM (EBML) file

    await attach(page, { name: 'drill.webm', mimeType: 'video/webm', buffer: video });
    const message = newestMessage(page);
    const play = message.getByRole('button', { name: 'Play video' });
    await play.waitFor();
    // The poster is the video's own first frame, loaded without playing.
    const poster = message.locator('video[data-video-poster]');
    expect(await poster.getAttribute('src')).toMatch(/^\/api\/media\/[0-9a-f-]{36}#t=0\.1$/);
    await expect.poll(() => poster.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    expect(await poster.evaluate((v: HTMLVideoElement) => v.paused && v.muted && !v.controls)).toBe(true);

    await play.click();
    const player = message.locator('video[controls]');
    await player.waitFor();
    expect(await play.count()).toBe(0);
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime > 0 || v.ended), { timeout: 15_000 })
      .toBe(true);
    // When it has played to the end, the poster and its play button are back.
    await play.waitFor({ timeout: 20_000 });
    expect(await message.locator('video[controls]').count()).toBe(0);
    expect(errors.filter((e) => e.includes('Video playback failed'))).toEqual([]);
  });

  it("says 'Upload failed' when the upload fails, and refuses other files before sending", async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await openChat(page);
    const newestId = () =>
      chatLog(page)
        .locator('li[data-message-id]')
        .evaluateAll((items) => items.at(-1)?.getAttribute('data-message-id') ?? null);
    const newestBefore = await newestId();
    let uploads = 0;
    await page.route('**/api/upload', (route) => {
      uploads += 1;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Internal Server Error"}',
      });
    });
    await attach(page, { name: 'team.png', mimeType: 'image/png', buffer: TINY_PNG });
    await toasts(page).getByText('Could not upload the file. Please try again.').waitFor();
    expect(await toasts(page).getByText('Upload failed', { exact: true }).isVisible()).toBe(true);
    expect(uploads).toBe(1);

    await attach(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toasts(page).getByText('Only photos, videos and voice messages can be sent.').waitFor();
    expect(uploads).toBe(1);
    // Nothing was posted.
    expect(await newestId()).toBe(newestBefore);
  });
});

describe('voice messages', () => {
  // A browser with a fake microphone; each context is allowed to use it or not.
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function memberPage(allowMicrophone: boolean) {
    const context = await browser.newContext({ baseURL: f.baseURL });
    context.setDefaultTimeout(15_000);
    if (allowMicrophone) await context.grantPermissions(['microphone']);
    const { user } = await signUpViaApi(context, f.baseURL);
    const page = await context.newPage();
    await openChat(page);
    return { context, page, user };
  }

  it('records with the microphone, showing the time, and posts an audio player', async () => {
    const { context, page, user } = await memberPage(true);
    try {
      await page.getByRole('button', { name: 'Record voice message' }).click();
      const recording = page.getByRole('status').filter({ hasText: 'Recording' });
      await recording.waitFor();
      await recording.getByText('0:01').waitFor();
      await page.getByRole('button', { name: 'Stop recording and send' }).click();
      await recording.waitFor({ state: 'detached' });
      const audio = newestMessage(page).locator('audio');
      await audio.waitFor();
      expect(await audio.getAttribute('aria-label')).toBe(`Voice message from ${user.name}`);
      expect(await audio.getAttribute('src')).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);
      expect(await audio.evaluate((a: HTMLAudioElement) => a.controls)).toBe(true);
      // Its real length shows before it is played, and it can be sought at once.
      const { duration, seekableEnd } = await playerLength(audio);
      expect(Number.isFinite(duration)).toBe(true);
      expect(duration).toBeGreaterThan(0.5);
      expect(duration).toBeLessThan(10);
      expect(seekableEnd).toBeCloseTo(duration, 3);
    } finally {
      await context.close();
    }
  });

  it('says so when the microphone is refused', async () => {
    const { context, page } = await memberPage(false);
    try {
      await page.getByRole('button', { name: 'Record voice message' }).click();
      await toasts(page).getByText('Allow microphone access to record a voice message.').waitFor();
      expect(await toasts(page).getByText('Microphone blocked', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Record voice message' }).isEnabled()).toBe(true);
      expect(await page.getByRole('status').filter({ hasText: 'Recording' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
