import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blendChannel } from '../client/features/analysis/engine/overlay';
import { useBrowser } from './fixtures/browser';
import { canvasIn, drag, isRed, openTool, pixelAt, waitForData, waitForTime } from './fixtures/analysis';

const f = useBrowser();

/** 320 × 180 (16:9), 2 s of one red; and 240 × 180 (4:3), a second of blue then a second of green. */
const RED_CLIP = path.join(import.meta.dirname, 'fixtures', 'overlay-red.webm');
const BLUE_GREEN_CLIP = path.join(import.meta.dirname, 'fixtures', 'overlay-blue-green.webm');

/**
 * In the 800 × 400 canvas each clip sits in its own letterbox: the red one from x = 44 to 756, the
 * blue-green one from x = 133 to 667. So (400, 200) has both, (90, 200) player 1's red alone.
 */
const BOTH: [number, number] = [400, 200];
const ONE_ONLY: [number, number] = [90, 200];

type Rgb = number[];

const blend = (base: Rgb, over: Rgb, opacity: number) =>
  base.map((c, i) => blendChannel(c, over[i]!, opacity));

/** Whether two colours match within `tolerance` on every channel (video decoding rounds a little). */
const near = (a: Rgb, b: Rgb, tolerance = 4) => a.every((c, i) => Math.abs(c - b[i]!) <= tolerance);

async function loadClip(page: Page, player: Locator, label: string, file: string) {
  await player.getByLabel(`Load video or image for ${label}`).setInputFiles(file);
  await waitForData(canvasIn(player), 'media', 'video');
  await page.waitForFunction(
    (el) => Number((el as HTMLInputElement).max) > 1.9,
    await player.getByRole('slider', { name: 'Seek' }).elementHandle(),
  );
}

/** The colour at a logical point of an exported PNG (drawn at twice the logical size). */
async function pngPixelAt(page: Page, png: Buffer, [x, y]: [number, number]): Promise<Rgb> {
  return page.evaluate(
    async ([base64, lx, ly]) => {
      const bytes = Uint8Array.from(atob(base64 as string), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const c = document.createElement('canvas');
      c.width = bitmap.width;
      c.height = bitmap.height;
      const g = c.getContext('2d')!;
      g.drawImage(bitmap, 0, 0);
      const d = g.getImageData((lx as number) * 2, (ly as number) * 2, 1, 1).data;
      return [d[0]!, d[1]!, d[2]!];
    },
    [png.toString('base64'), x, y] as const,
  );
}

/** The colours at points (in the clip's pixels) of a posted clip's frame at `seconds`, as Chromium plays it. */
async function clipPixels(page: Page, url: string, seconds: number, points: [number, number][]) {
  return page.evaluate(
    async ([src, at, where]) => {
      const video = document.createElement('video');
      video.muted = true;
      video.preload = 'auto';
      video.src = src;
      await new Promise((resolve, reject) => {
        video.onloadeddata = resolve;
        video.onerror = () => reject(new Error('the clip does not play'));
      });
      video.currentTime = at;
      await new Promise((resolve) => (video.onseeked = resolve));
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const g = canvas.getContext('2d')!;
      g.drawImage(video, 0, 0);
      return where.map(([x, y]) => Array.from(g.getImageData(x, y, 1, 1).data.slice(0, 3)));
    },
    [url, seconds, points] as const,
  );
}

/** The clip's pixels are the canvas's at 1280 × 640: 1.6 times the logical point. */
const inClip = ([x, y]: [number, number]): [number, number] => [x * 1.6, y * 1.6];

describe('Side by Side overlay', () => {
  it('draws player 2 over player 1 at the opacity set by keyboard, keeps Sync on, and exports it as shown', async () => {
    const { page } = f;
    await openTool(f, page);
    const one = page.getByRole('region', { name: 'Player 1 - Member 1' });
    const two = page.getByRole('region', { name: 'Player 2 - Member 2' });
    await canvasIn(two).waitFor();
    await loadClip(page, one, 'Player 1 - Member 1', RED_CLIP);
    await loadClip(page, two, 'Player 2 - Member 2', BLUE_GREEN_CLIP);

    // Each player's own colours, read from its own canvas before any overlay.
    const red = await pixelAt(one, ...BOTH);
    const blue = await pixelAt(two, ...BOTH);
    expect(red[0]).toBeGreaterThan(150);
    expect(blue[2]).toBeGreaterThan(150);

    // Overlay on: Sync comes on with it, and the page says so.
    const sync = page.getByRole('switch', { name: 'Sync' });
    const overlay = page.getByRole('switch', { name: 'Overlay' });
    expect(await sync.getAttribute('aria-checked')).toBe('false');
    await overlay.click();
    expect(await overlay.getAttribute('aria-checked')).toBe('true');
    expect(await sync.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('status').filter({ hasText: 'Sync turned on' }).waitFor();

    // The slider, by keyboard: Home, End, the arrows and Page Up, its value shown beside it.
    const slider = page.getByRole('slider', { name: 'Overlay opacity' });
    const shown = slider.locator('xpath=following-sibling::output');
    expect(await slider.inputValue()).toBe('50');
    await slider.focus();
    await page.keyboard.press('Home');
    expect(await slider.inputValue()).toBe('0');
    expect(await shown.textContent()).toBe('0%');
    await page.keyboard.press('End');
    expect(await slider.inputValue()).toBe('100');
    await page.keyboard.press('ArrowLeft');
    expect(await slider.inputValue()).toBe('99');
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageUp');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect(await slider.inputValue()).toBe('30');
    expect(await shown.textContent()).toBe('30%');
    expect(await slider.getAttribute('aria-valuetext')).toBe('30%');
    await waitForData(canvasIn(one), 'overlay', '0.3');

    // Player 1's canvas: 0.7 · red + 0.3 · blue where both clips are; red alone in player 2's pillarbox.
    await expect.poll(async () => near(await pixelAt(one, ...BOTH), blend(red, blue, 0.3))).toBe(true);
    expect(near(await pixelAt(one, ...ONE_ONLY), red)).toBe(true);
    // Player 2's own canvas is unchanged.
    expect(near(await pixelAt(two, ...BOTH), blue)).toBe(true);

    // A seek on player 1 moves player 2 (Sync), and the overlay follows its frame: now green.
    await one.getByRole('slider', { name: 'Seek' }).fill('1.5');
    await waitForTime(one, 1.5);
    await waitForTime(two, 1.5);
    await expect.poll(async () => (await pixelAt(two, ...BOTH))[1]).toBeGreaterThan(120);
    const green = await pixelAt(two, ...BOTH);
    await expect.poll(async () => near(await pixelAt(one, ...BOTH), blend(red, green, 0.3))).toBe(true);

    // Player 2's drawings show over player 1 at full opacity: a red line drawn on player 2's canvas.
    await two.getByRole('button', { name: 'Line' }).click();
    await drag(page, canvasIn(two), [250, 120], [550, 120]);
    await waitForData(canvasIn(two), 'annotations', '1');
    await expect.poll(async () => isRed(await pixelAt(one, 400, 120))).toBe(true);
    const lineColour = await pixelAt(two, 400, 120);
    expect(near(await pixelAt(one, 400, 120), lineColour, 6)).toBe(true);

    // The exported PNG of player 1 takes the overlay as shown.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      one.getByRole('button', { name: 'Export frame as PNG' }).click(),
    ]);
    const png = await fs.readFile((await download.path())!);
    expect(near(await pngPixelAt(page, png, BOTH), blend(red, green, 0.3))).toBe(true);
    expect(near(await pngPixelAt(page, png, ONE_ONLY), red)).toBe(true);
    expect(isRed(await pngPixelAt(page, png, [400, 120]))).toBe(true);

    // A clip posted from player 1 takes the overlay too, frame by frame: player 2's frame at the same
    // moment (blue in the first second, green in the second), at 30 %, and its line.
    await one.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Post to chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post to chat' });
    const caption = `Overlay clip ${Date.now().toString(36)}`;
    await dialog.getByLabel('Caption').fill(caption);
    const clipSwitch = dialog.getByRole('switch', { name: /Include the clip/ });
    await expect.poll(() => clipSwitch.isEnabled()).toBe(true);
    await clipSwitch.click();
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
    const answer = await f.context.request.get(`${f.baseURL}/api/chat/community`);
    const body = (await answer.json()) as
      | { messages: { content: string; attempt: { clipUrl: string | null } | null }[] }
      | { content: string; attempt: { clipUrl: string | null } | null }[];
    const clipUrl = (Array.isArray(body) ? body : body.messages).find((m) => m.content === caption)?.attempt
      ?.clipUrl;
    expect(clipUrl).toBeTruthy();
    const points = [inClip(BOTH), inClip(ONE_ONLY), inClip([400, 120])];
    const early = await clipPixels(page, clipUrl!, 0.5, points);
    const late = await clipPixels(page, clipUrl!, 1.5, points);
    // A clip goes through YUV and back with loss: flat colours return within 16 steps (red read
    // 201, 61, 40 on the canvas and 212, 73, 39 from the clip). Without the overlay the point over
    // both clips would be that red: its blue channel tells the two apart by far more.
    expect(near(early[0]!, blend(red, blue, 0.3), 16)).toBe(true);
    expect(near(late[0]!, blend(red, green, 0.3), 16)).toBe(true);
    expect(near(early[1]!, red, 16)).toBe(true);
    expect(early[0]![2]! - early[1]![2]!).toBeGreaterThan(30);
    expect(late[0]![1]! - late[1]![1]!).toBeGreaterThan(15);
    expect(isRed(late[2]!)).toBe(true);

    // Player 1's zoom applies to the overlay too: at 150 % about the centre, player 2's picture reaches
    // the canvas's left edge, so the point that was red alone now has both.
    await one.getByRole('button', { name: 'Zoom in' }).click();
    await waitForData(canvasIn(one), 'zoom', '1.5');
    await expect.poll(async () => near(await pixelAt(one, ...ONE_ONLY), blend(red, green, 0.3))).toBe(true);

    // Sync stayed on all along; turning it off turns the overlay off, and says so.
    expect(await sync.getAttribute('aria-checked')).toBe('true');
    await sync.click();
    expect(await overlay.getAttribute('aria-checked')).toBe('false');
    await page.getByRole('status').filter({ hasText: 'Overlay turned off' }).waitFor();
    await page.waitForFunction(
      async (el) => !(el as HTMLElement).hasAttribute('data-overlay'),
      await canvasIn(one).elementHandle(),
    );
    await expect.poll(async () => near(await pixelAt(one, ...BOTH), red)).toBe(true);
    expect(await slider.count()).toBe(0);
  });
});
