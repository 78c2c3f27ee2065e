import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TINY_PNG, signInAsAdmin, signUpViaApi, toasts, useBrowser } from './fixtures/browser';
import { playerLength, recordTestVideo } from './fixtures/media';
import { anotherMember, chooseLessonVideo, lessonVideo } from './fixtures/think-tanks';

const f = useBrowser();

/** Counts the calls a page makes to the upload endpoints. */
function recordUploadCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/videos/') || pathname === '/api/lesson-videos/upload') {
      calls.push(`${request.method()} ${pathname.replace(/upload\/[^/]+$/, 'upload/<token>')}`);
    }
  });
  return calls;
}

describe('lesson videos', () => {
  it("an admin uploads a WebM with 'Uploading...', and a member then plays it", async () => {
    const { page, context, baseURL } = f;
    await signInAsAdmin(context, baseURL);
    const lesson = '/think-tanks/emotional/emotion-neural-link/flow-state';
    await page.goto(lesson);
    await page.getByRole('heading', { name: '403 · Flow State' }).waitFor();
    await page.getByText('No video uploaded yet').waitFor();
    const video = await recordTestVideo(page);
    expect(video.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // a WebM (EBML) file

    // The PUT is held until the page has shown its progress.
    const calls = recordUploadCalls(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/videos/upload/*', async (route) => {
      await held;
      await route.continue();
    });
    await chooseLessonVideo(page, { name: 'flow-state.webm', mimeType: 'video/webm', buffer: video });
    const uploading = page.getByRole('button', { name: /^Uploading\.\.\. \d{1,3}%$/ });
    await uploading.waitFor();
    expect(await uploading.isDisabled()).toBe(true);
    expect(await page.getByRole('progressbar', { name: 'Upload progress' }).isVisible()).toBe(true);
    release();

    await toasts(page).getByText('Video uploaded successfully!').waitFor();
    expect(await toasts(page).getByText('Success', { exact: true }).isVisible()).toBe(true);
    expect(calls).toEqual([
      'POST /api/videos/upload-url',
      'PUT /api/videos/upload/<token>',
      'POST /api/lesson-videos/upload',
    ]);
    const player = lessonVideo(page);
    await player.waitFor();
    const src = await player.getAttribute('src');
    expect(src).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);
    expect(await player.getAttribute('preload')).toBe('metadata');
    expect(await page.getByText('No video uploaded yet').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Replace Video' }).isVisible()).toBe(true);

    // Another member opens the lesson and plays the video.
    const member = await anotherMember(f);
    try {
      const errors: string[] = [];
      member.page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await member.page.goto(lesson);
      const memberPlayer = lessonVideo(member.page);
      await memberPlayer.waitFor();
      expect(await memberPlayer.getAttribute('src')).toBe(src);
      // Replacing it is for admins: a member is not offered the control.
      expect(await member.page.getByRole('button', { name: /Replace Video|Upload Video/ }).count()).toBe(0);
      // Its frame and a play button until its first use (decision 87): the press plays it, and the
      // player, with its controls now, takes the focus.
      expect(await memberPlayer.getAttribute('controls')).toBeNull();
      await memberPlayer.evaluate((v: HTMLVideoElement) => (v.muted = true));
      await member.page.getByRole('button', { name: /^Play video: / }).click();
      await member.page.locator('video[controls]:focus').waitFor();
      expect(await member.page.getByRole('button', { name: /^Play video: / }).count()).toBe(0);
      await member.page.waitForFunction(
        () => (document.querySelector('video[controls]') as HTMLVideoElement | null)!.currentTime > 0,
      );
      // The file is served in ranges, so the player can seek.
      const range = await member.page.evaluate(async (url) => {
        const res = await fetch(url, { headers: { Range: 'bytes=0-99' } });
        return { status: res.status, length: (await res.arrayBuffer()).byteLength };
      }, src!);
      expect(range).toEqual({ status: 206, length: 100 });
      expect(errors.filter((e) => e.includes('Video playback failed'))).toEqual([]);
    } finally {
      await member.context.close();
    }
  });

  it('an admin adds WebVTT captions beside the video, and a member’s player carries them as a captions track', async () => {
    const { page, context, baseURL } = f;
    await signInAsAdmin(context, baseURL);
    const lesson = '/think-tanks/intellectual/understanding-self/systems-theory';
    await page.goto(lesson);
    await page.getByRole('heading', { name: '203 · Systems Theory' }).waitFor();
    await page.getByText('No video uploaded yet').waitFor();
    // No captions without a video.
    expect(await page.getByRole('button', { name: 'Upload Captions' }).count()).toBe(0);
    const video = await recordTestVideo(page, 2);
    await chooseLessonVideo(page, { name: 'systems.webm', mimeType: 'video/webm', buffer: video });
    await toasts(page).getByText('Video uploaded successfully!').waitFor();
    // Recorded by MediaRecorder, stored with its length: it shows before playing.
    const player = lessonVideo(page);
    await player.waitFor();
    const { duration } = await playerLength(player);
    expect(duration).toBeGreaterThan(1.5);
    expect(duration).toBeLessThan(4);

    // An HTML page named .vtt is refused by the server.
    const html = Buffer.from('<!doctype html><title>captions</title><p>WEBVTT</p>');
    await chooseLessonVideo(
      page,
      { name: 'fake.vtt', mimeType: 'text/vtt', buffer: html },
      'Upload Captions',
    );
    await toasts(page).getByText('Upload a WebVTT captions file (.vtt)').waitFor();
    expect(await page.locator('video track').count()).toBe(0);

    const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.500\nSystems are loops\n');
    await chooseLessonVideo(
      page,
      { name: 'systems.vtt', mimeType: 'text/vtt', buffer: vtt },
      'Upload Captions',
    );
    await toasts(page).getByText('Captions uploaded successfully!').waitFor();
    await page.getByRole('button', { name: 'Replace Captions' }).waitFor();

    const member = await anotherMember(f);
    try {
      await member.page.goto(lesson);
      const memberPlayer = lessonVideo(member.page);
      await memberPlayer.waitFor();
      // Members get no captions control.
      expect(await member.page.getByRole('button', { name: /Captions$/ }).count()).toBe(0);
      const track = await memberPlayer.evaluate(async (v: HTMLVideoElement) => {
        const t = v.textTracks[0];
        if (!t) return null;
        t.mode = 'hidden'; // loads the cues without drawing them
        const started = performance.now();
        while (!t.cues?.length && performance.now() - started < 10_000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const cue = t.cues?.[0] as VTTCue | undefined;
        return {
          kind: t.kind,
          label: t.label,
          count: v.textTracks.length,
          text: cue?.text,
          end: cue?.endTime,
        };
      });
      expect(track).toEqual({
        kind: 'captions',
        label: 'Captions',
        count: 1,
        text: 'Systems are loops',
        end: 1.5,
      });
    } finally {
      await member.context.close();
    }
  });

  it('offers the upload control to admins only', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    const lesson = '/think-tanks/intellectual/optimal-self/goal-targeting';
    await page.goto(lesson);
    await page.getByRole('heading', { name: '208 · Goal Targeting' }).waitFor();
    await page.getByText('No video uploaded yet').waitFor();
    expect(await page.getByRole('button', { name: /Upload Video|Replace Video/ }).count()).toBe(0);
    expect(await page.getByText('Lesson Video', { exact: true }).isVisible()).toBe(true);

    await signInAsAdmin(context, baseURL);
    await page.reload();
    await page.getByRole('heading', { name: '208 · Goal Targeting' }).waitFor();
    await page.getByRole('button', { name: 'Upload Video' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upload Video' }).isEnabled()).toBe(true);
  });

  it("refuses a file that is not a video, and says 'Failed to upload video to storage' when the server refuses the content", async () => {
    const { page, context, baseURL } = f;
    await signInAsAdmin(context, baseURL);
    const calls = recordUploadCalls(page);
    // A lesson no other browser test gives a video (e2e/progress uploads one to 312 · Research in the
    // same server, so this one's "No video uploaded yet" depended on which file ran first).
    await page.goto('/think-tanks/psychological/neuro-remodeling/modalities');
    await page.getByRole('heading', { name: '314 · Modalities' }).waitFor();
    await page.getByText('No video uploaded yet').waitFor();

    await chooseLessonVideo(page, { name: 'team.png', mimeType: 'image/png', buffer: TINY_PNG });
    await toasts(page).getByText('Please choose a video file').waitFor();
    expect(calls).toEqual([]);

    // Declared a video, but its content is a picture: the PUT is refused (415).
    await chooseLessonVideo(page, { name: 'fake.webm', mimeType: 'video/webm', buffer: TINY_PNG });
    await toasts(page).getByText('Failed to upload video to storage').waitFor();
    expect(await toasts(page).getByText('Upload Failed', { exact: true }).isVisible()).toBe(true);
    expect(calls).toEqual(['POST /api/videos/upload-url', 'PUT /api/videos/upload/<token>']);
    expect(await page.getByText('No video uploaded yet').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upload Video' }).isEnabled()).toBe(true);
  });
});
