// A posted clip is the clip the member asked for (issue 30 part 1, docs/decisions.md decision 51): made
// frame by frame, 4 s centred on the frame, cut to the video, at the source's frame rate. Its length
// is read from the stored file: the WebM's Duration, and its frames counted by the demuxer.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WebmScanner } from '@common/webm';
import { openWebm } from '../client/features/analysis/pose/demux/webm-demux';
import type { EncodedSample } from '../client/features/analysis/pose/demux/types';
import { canvasIn, drag, openTool, waitForData, waitForTime } from './fixtures/analysis';
import { useBrowser } from './fixtures/browser';
import { chatLog, openChat } from './fixtures/chat';
import { playerLength } from './fixtures/media';
import { ATHLETE_CLIP, ATHLETE_CLIP_FRAMES } from './fixtures/pose';

const f = useBrowser();

/** 10 s at 30 fps, 320 × 180, VP8, a key frame a second (ffmpeg's test pattern, with its counter):
 * ffmpeg -f lavfi -i "testsrc=size=320x180:rate=30:duration=10" -c:v libvpx -b:v 150k -g 30 ten-seconds.webm */
const TEN_SECONDS = path.join(import.meta.dirname, 'fixtures', 'ten-seconds.webm');

type StoredClip = { seconds: number; frames: number; frameMs: number[]; width: number };

/** The clip's file as stored: its Duration and its frames' times. */
async function readClip(bytes: Buffer): Promise<StoredClip> {
  const data = new Uint8Array(bytes);
  const scanner = new WebmScanner();
  scanner.push(data);
  const scan = scanner.end();
  expect(scan.problem).toBeNull();
  expect(scan.hasCues).toBe(true);
  const demuxer = await openWebm({
    size: data.length,
    read: async (start, end) => data.subarray(start, end),
  });
  const samples: EncodedSample[] = [];
  for await (const s of demuxer.samples()) samples.push(s);
  return {
    seconds: ((scan.infoDuration ?? 0) * scan.timecodeScale) / 1e9,
    frames: samples.length,
    frameMs: samples.map((s) => s.timestampUs / 1000),
    width: demuxer.track.config.codedWidth ?? 0,
  };
}

/** Loads `file` into the tool and shows the frame at `at` seconds. */
async function loadAt(tool: Locator, file: string, at: number) {
  await tool.getByLabel('Load video or image', { exact: true }).setInputFiles(file);
  await waitForData(canvasIn(tool), 'media', 'video');
  const seek = tool.getByRole('slider', { name: 'Seek' });
  await expect.poll(() => seek.getAttribute('max')).not.toBe('0');
  await seek.fill(String(at));
  await waitForTime(tool, at);
}

/** Posts the shown frame with its clip to the chat; returns how long making and posting took, in ms. */
async function postWithClip(page: Page, tool: Locator, caption: string): Promise<number> {
  await tool.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Post to chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post to chat' });
  await dialog.getByLabel('Caption').fill(caption);
  const clipSwitch = dialog.getByRole('switch', { name: /Include the clip/ });
  await expect.poll(() => clipSwitch.isEnabled()).toBe(true);
  await clipSwitch.click();
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await dialog.waitFor({ state: 'detached', timeout: 60_000 });
  return Date.now() - started;
}

/** The stored clip of the member's chat attempt with `caption`, read from the server. */
async function storedClip(caption: string): Promise<{ url: string; clip: StoredClip }> {
  const answer = await f.context.request.get(`${f.baseURL}/api/chat/community`);
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as
    | { messages: { content: string; attempt: { clipUrl: string | null } | null }[] }
    | { content: string; attempt: { clipUrl: string | null } | null }[];
  const messages = Array.isArray(body) ? body : body.messages;
  const url = messages.find((m) => m.content === caption)?.attempt?.clipUrl;
  expect(url).toBeTruthy();
  const file = await f.context.request.get(`${f.baseURL}${url}`);
  expect(file.ok()).toBe(true);
  return { url: url!, clip: await readClip(await file.body()) };
}

describe('a posted clip', () => {
  it('is 4 s around a frame at 5 s of a 10 s 30 fps video, every time, and plays with that length', async () => {
    const { page } = f;
    const tool = await openTool(f);
    await loadAt(tool, TEN_SECONDS, 5);
    // A line drawn on the frame is drawn on the clip's frames too (as the tool shows them).
    await tool.getByRole('button', { name: 'Line' }).click();
    await drag(page, canvasIn(tool), [200, 100], [600, 300]);
    await waitForData(canvasIn(tool), 'annotations', '1');

    const tag = Date.now().toString(36);
    for (let i = 1; i <= 3; i++) {
      const caption = `Four seconds ${tag} #${i}`;
      const ms = await postWithClip(page, tool, caption);
      const { clip } = await storedClip(caption);
      console.info(
        `Clip ${i}: ${clip.seconds.toFixed(3)} s, ${clip.frames} frames, made and posted in ${ms} ms`,
      );
      expect(Math.abs(clip.seconds - 4)).toBeLessThanOrEqual(1 / 30 + 1e-6);
      expect(Math.abs(clip.frames - 120)).toBeLessThanOrEqual(1);
      // The source's frame rate and times: a frame every 33 or 34 ms from 0.
      expect(clip.frameMs[0]).toBe(0);
      for (let k = 1; k < clip.frameMs.length; k++) {
        expect(clip.frameMs[k]! - clip.frameMs[k - 1]!).toBeGreaterThanOrEqual(33);
        expect(clip.frameMs[k]! - clip.frameMs[k - 1]!).toBeLessThanOrEqual(34);
      }
      expect(clip.width).toBe(1280);
      // The player stays on the member's frame.
      expect(Number(await tool.getByRole('slider', { name: 'Seek' }).inputValue())).toBeCloseTo(5, 1);
    }

    // In the chat, the clip's player knows its real length before it plays.
    await openChat(page);
    const message = chatLog(page)
      .locator('li[data-message-id]')
      .filter({ hasText: `Four seconds ${tag} #3` });
    const player = message.locator('video[aria-label^="Clip of the attempt by"]');
    await player.waitFor();
    const { duration } = await playerLength(player);
    expect(Math.abs(duration - 4)).toBeLessThanOrEqual(1 / 30 + 0.002);
  });

  it('is cut at the video’s start: a frame at 0.5 s gives 2.5 s', async () => {
    const tool = await openTool(f);
    await loadAt(tool, TEN_SECONDS, 0.5);
    const caption = `Near the start ${Date.now().toString(36)}`;
    await postWithClip(f.page, tool, caption);
    const { clip } = await storedClip(caption);
    expect(Math.abs(clip.seconds - 2.5)).toBeLessThanOrEqual(1 / 30 + 1e-6);
    expect(Math.abs(clip.frames - 75)).toBeLessThanOrEqual(1);
  });

  it('of a video shorter than 4 s is the whole video, at its own frame rate', async () => {
    const tool = await openTool(f);
    await loadAt(tool, ATHLETE_CLIP, 1);
    const caption = `Short video ${Date.now().toString(36)}`;
    await postWithClip(f.page, tool, caption);
    const { clip } = await storedClip(caption);
    // athlete.webm: 2 s at 15 fps.
    expect(Math.abs(clip.seconds - 2)).toBeLessThanOrEqual(1 / 15 + 1e-6);
    expect(clip.frames).toBe(ATHLETE_CLIP_FRAMES);
    expect(clip.frameMs[1]! - clip.frameMs[0]!).toBeCloseTo(1000 / 15, -1);
  });

  it('is left out where the browser cannot encode video: the dialog says so and the frame is posted alone', async () => {
    const { page, context, baseURL } = f;
    await context.addInitScript(() => {
      // A browser without WebCodecs' encoder (older Safari and Firefox).
      delete (window as { VideoEncoder?: unknown }).VideoEncoder;
    });
    const tool = await openTool(f);
    await loadAt(tool, TEN_SECONDS, 5);
    await tool.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Post to chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post to chat' });
    await dialog
      .getByText('This browser cannot make the clip: it cannot encode video. Your frame is posted alone.')
      .waitFor();
    const clipSwitch = dialog.getByRole('switch', { name: /Include the clip/ });
    expect(await clipSwitch.isDisabled()).toBe(true);
    const caption = `Frame alone ${Date.now().toString(36)}`;
    await dialog.getByLabel('Caption').fill(caption);
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const answer = await context.request.get(`${baseURL}/api/chat/community`);
    const posted = (
      (await answer.json()) as {
        content: string;
        attempt: { clipUrl: string | null; imageUrl: string | null } | null;
      }[]
    ).find((m) => m.content === caption);
    expect(posted?.attempt?.imageUrl).toBeTruthy();
    expect(posted?.attempt?.clipUrl).toBeNull();
  });
});
