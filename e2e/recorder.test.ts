import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, signUpViaApi, toasts } from './fixtures/browser';
import { CHROMIUM_PATH } from './fixtures/chromium';
import { webmTrackKinds } from '@common/webm-tracks';
import { playerLength, recordTestVideo } from './fixtures/media';

const baseURL = inject('baseURL');

// A Chromium with a fake microphone and a fake screen, shared without asking (the fixture's browser has
// no media flags).
let browser: Browser;
// The fake-UI flag grants every request, whatever the site's permission settings say, so a refused
// microphone needs a browser without it: there the context's own setting ('denied') is what refuses it.
let noPromptBrowser: Browser | undefined;
let context: BrowserContext | undefined;

const executablePath = CHROMIUM_PATH;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--auto-select-desktop-capture-source=Entire screen',
    ],
  });
});
afterAll(async () => {
  await noPromptBrowser?.close();
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

type HandedTrack = { kind: string; readyState: MediaStreamTrackState };

/**
 * Test-only spy, run before the page's own scripts: every track the browser hands out through
 * getUserMedia or getDisplayMedia is kept, so the test can check that none is left live.
 */
function spyOnTracks() {
  const handed: MediaStreamTrack[] = [];
  Object.defineProperty(window, '__handedTracks', { value: handed });
  for (const name of ['getUserMedia', 'getDisplayMedia'] as const) {
    const original = MediaDevices.prototype[name] as (
      this: MediaDevices,
      constraints?: MediaStreamConstraints,
    ) => Promise<MediaStream>;
    if (typeof original !== 'function') continue;
    MediaDevices.prototype[name] = async function (this: MediaDevices, constraints?: MediaStreamConstraints) {
      const stream = await original.call(this, constraints);
      handed.push(...stream.getTracks());
      return stream;
    };
  }
}

function handedTracks(page: Page): Promise<HandedTrack[]> {
  return page.evaluate(() =>
    (window as unknown as { __handedTracks: MediaStreamTrack[] }).__handedTracks.map((t) => ({
      kind: t.kind,
      readyState: t.readyState,
    })),
  );
}

/**
 * Test-only stand-in for the screen picker, which headless Chromium cannot show without the fake-UI flag:
 * the "shared screen" is a canvas, captured as a real MediaStream whose track can be stopped.
 */
function shareCanvasAsScreen() {
  MediaDevices.prototype.getDisplayMedia = async function () {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    canvas.getContext('2d')!.fillRect(0, 0, 320, 180);
    return canvas.captureStream(5);
  };
}

/** A signed-in member's page on /profile, in a fresh context of the media browser. */
async function openProfile({ denyMicrophone = false } = {}): Promise<Page> {
  let owner = browser;
  if (denyMicrophone) {
    noPromptBrowser ??= await chromium.launch({
      executablePath,
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream'],
    });
    owner = noPromptBrowser;
  }
  context = await owner.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  await signUpViaApi(context, baseURL);
  if (denyMicrophone) await context.addInitScript(shareCanvasAsScreen);
  await context.addInitScript(spyOnTracks);
  const page = await context.newPage();
  if (denyMicrophone) {
    // Block the microphone in this context's site settings, as a member answering "Block" would.
    const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo');
    const browserSession = await owner.newBrowserCDPSession();
    await browserSession.send('Browser.setPermission', {
      permission: { name: 'microphone' },
      setting: 'denied',
      origin: new URL(baseURL).origin,
      browserContextId: targetInfo.browserContextId,
    });
    await browserSession.detach();
  }
  await page.goto('/profile');
  // Both load on demand: wait for the card and for the calendar with the member's recordings.
  await recorderCard(page).waitFor();
  await calendar(page)
    .getByText(/Days with recordings are highlighted/)
    .waitFor();
  return page;
}

const recorderCard = (page: Page) => page.getByRole('region', { name: 'VOICEOVER RECORDING' });
const calendar = (page: Page) => page.getByRole('region', { name: 'Recording Calendar' });

/** Mutes a player, plays it and waits until time has advanced; its readyState and duration then. */
async function playsThrough(player: Locator) {
  return player.evaluate(async (media: HTMLMediaElement) => {
    media.muted = true;
    await media.play();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${media.tagName} did not advance`)), 10_000);
      const check = () => {
        if (media.currentTime > 0) {
          clearTimeout(timer);
          resolve();
        } else requestAnimationFrame(check);
      };
      check();
    });
    media.pause();
    return { readyState: media.readyState, currentTime: media.currentTime, error: media.error };
  });
}

/** Today's day key in the page's own time zone. */
const todayKey = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });

/** A WebM of a tone only, about `seconds` long, recorded by the page (a voice file as the recorder makes it). */
async function recordTestVoice(page: Page, seconds: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (lengthMs) => {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const out = audio.createMediaStreamDestination();
    tone.connect(out);
    tone.start();
    const recorder = new MediaRecorder(out.stream, { mimeType: 'audio/webm;codecs=opus' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, lengthMs));
    recorder.stop();
    await stopped;
    await audio.close();
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, seconds * 1000);
  return Buffer.from(base64, 'base64');
}

describe('voiceover recorder and calendar', () => {
  it('records about 3 s of voice and screen, saves it, and lists it on today in the calendar', async () => {
    const page = await openProfile();
    const card = recorderCard(page);
    const today = await todayKey(page);
    // Nothing recorded yet: today is marked but not a button.
    expect(await calendar(page).locator(`td[data-day="${today}"] button`).count()).toBe(0);
    expect(await calendar(page).locator(`td[data-day="${today}"] [aria-current="date"]`).count()).toBe(1);

    const stop = card.getByRole('button', { name: 'Stop Recording' });
    expect(await stop.isDisabled()).toBe(true);
    // Disabled, it does not look like a live red button.
    const background = () => stop.evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(await background()).toBe('rgba(0, 0, 0, 0)');
    await card.getByRole('button', { name: 'Start Recording' }).click();
    const status = card.getByRole('status').filter({ hasText: 'RECORDING IN PROGRESS...' });
    await status.waitFor();
    await toasts(page).getByText('Audio and screen are being recorded').waitFor();
    expect(await stop.isEnabled()).toBe(true);
    expect(await stop.getAttribute('class')).toContain('animate-pulse');
    expect(await background()).not.toBe('rgba(0, 0, 0, 0)');
    expect(await card.getByRole('button', { name: 'Start Recording' }).isDisabled()).toBe(true);

    await status.getByText('0:03').waitFor({ timeout: 10_000 });
    // Every toast shown from here on, to check that 'Recording stopped' is not one that flashes past.
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.defineProperty(window, '__toastTitles', { value: seen });
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('li[data-swipe-direction]'))
          seen.push(toast.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await stop.click();
    await status.waitFor({ state: 'detached' });
    await toasts(page).getByText('Recording saved', { exact: true }).waitFor();
    expect(
      (await page.evaluate(() => (window as unknown as { __toastTitles: string[] }).__toastTitles)).some(
        (t) => t.includes('Recording stopped'),
      ),
    ).toBe(false);
    // Stopped, the button is back to its disabled look (once its colour's transition has run).
    await expect.poll(background).toBe('rgba(0, 0, 0, 0)');
    expect(await toasts(page).getByText('Your voiceover has been saved to your calendar').isVisible()).toBe(
      true,
    );

    // Both recorders ended and every track is stopped.
    const tracks = await handedTracks(page);
    expect(tracks.map((t) => t.kind).sort()).toEqual(['audio', 'video']);
    expect(tracks.every((t) => t.readyState === 'ended')).toBe(true);

    // The last recorded audio plays in the card.
    const lastAudio = card.getByLabel('Last recorded audio');
    expect(await lastAudio.getAttribute('src')).toMatch(/^blob:/);
    // Its length is known before it is played (MediaRecorder writes none: the app writes it in).
    const lastLength = await playerLength(lastAudio);
    expect(lastLength.duration).toBeGreaterThan(2.5);
    expect(lastLength.duration).toBeLessThan(5);
    await playsThrough(lastAudio);

    // Stored with the real elapsed time (docs/decisions.md decision 4).
    const listed = (await (await context!.request.get('/api/recordings')).json()) as {
      duration: number;
      recordedAt: string;
    }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]!.duration).toBeGreaterThanOrEqual(3);
    expect(listed[0]!.duration).toBeLessThanOrEqual(4);

    // Today is highlighted and opens the day's recordings.
    const day = calendar(page).locator(`td[data-day="${today}"] button`);
    await day.waitFor();
    expect(await day.getAttribute('aria-current')).toBe('date');
    expect(await day.getAttribute('aria-label')).toMatch(/, 1 recording$/);
    await day.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByText('1 recording', { exact: true }).isVisible()).toBe(true);
    const entries = dialog.getByRole('listitem');
    expect(await entries.count()).toBe(1);
    expect(await entries.first().innerText()).toMatch(/· (3|4) seconds/);
    // One player with the voice in it (decision 48): the screen video, no audio player beside it.
    expect(await entries.first().locator('audio').count()).toBe(0);
    expect(await entries.first().locator('video').count()).toBe(1);
    const video = entries.first().getByLabel(/^Voiceover of /);
    expect(await video.evaluate((v) => v.tagName)).toBe('VIDEO');
    expect(await video.getAttribute('controls')).not.toBeNull();
    const videoUrl = await video.getAttribute('src');
    expect(videoUrl).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);
    // The stored screen file has a video and an audio track, and the API says so.
    const stored = new Uint8Array(await (await context!.request.get(videoUrl!)).body());
    expect(webmTrackKinds(stored)).toEqual({ video: true, audio: true });
    const [saved] = (await (await context!.request.get('/api/recordings')).json()) as {
      videoUrl: string;
      audioUrl: string;
      videoHasAudio: boolean;
    }[];
    expect(saved!.videoUrl).toBe(videoUrl);
    expect(saved!.videoHasAudio).toBe(true);
    // The voice alone is still stored as the audio file (the spec's audioFile).
    const voiceFile = new Uint8Array(await (await context!.request.get(saved!.audioUrl)).body());
    expect(webmTrackKinds(voiceFile)).toEqual({ video: false, audio: true });
    // It shows its real length and can be sought before it is played.
    const { duration, seekableEnd } = await playerLength(video);
    expect(Number.isFinite(duration)).toBe(true);
    expect(duration).toBeGreaterThan(2.5);
    expect(duration).toBeLessThan(5);
    expect(seekableEnd).toBeCloseTo(duration, 3);
    const seen = await playsThrough(video);
    expect(seen.error).toBeNull();
    expect(seen.readyState).toBeGreaterThanOrEqual(2);
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth > 0)).toBe(true);
    // It played sound from its own file: Chromium decoded audio from it.
    expect(
      await video.evaluate(
        (v: HTMLVideoElement) =>
          (v as unknown as { webkitAudioDecodedByteCount: number }).webkitAudioDecodedByteCount,
      ),
    ).toBeGreaterThan(0);

    // Delete, confirmed: the dialog closes and today is no longer highlighted.
    await entries
      .first()
      .getByRole('button', { name: /^Delete the recording of / })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this recording?' });
    await confirm.getByRole('button', { name: 'Delete recording' }).click();
    await dialog.waitFor({ state: 'detached' });
    await day.waitFor({ state: 'detached' });
    expect(await (await context!.request.get('/api/recordings')).json()).toEqual([]);
  });

  it('plays a recording made before the voice went into the screen file as one player, the voice in step', async () => {
    const page = await openProfile();
    // As the recorder stored them before decision 48: a silent screen video and the voice apart.
    const screen = await recordTestVideo(page, 4);
    const voice = await recordTestVoice(page, 4);
    expect(webmTrackKinds(new Uint8Array(screen))).toEqual({ video: true, audio: false });
    const res = await context!.request.post('/api/recordings/upload', {
      multipart: {
        audioFile: { name: 'voiceover.webm', mimeType: 'audio/webm', buffer: voice },
        screenFile: { name: 'screen.webm', mimeType: 'video/webm', buffer: screen },
        sourceVideoUrl: '',
        duration: '4',
        recordingType: 'voiceover',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const saved = (await res.json()) as { audioUrl: string; videoUrl: string; videoHasAudio: boolean };
    expect(saved.videoHasAudio).toBe(false);

    await page.reload();
    const day = calendar(page).locator(`td[data-day="${await todayKey(page)}"] button`);
    await day.click();
    const entry = page.getByRole('dialog').getByRole('listitem');
    await entry.waitFor();
    // One set of controls: the video's. The voice plays from a hidden audio element that has none.
    const video = entry.getByLabel(/^Voiceover of /);
    expect(await entry.locator('video').count()).toBe(1);
    expect(await entry.locator('audio[controls]').count()).toBe(0);
    expect(await video.getAttribute('src')).toBe(saved.videoUrl);
    const voiceEl = entry.locator('audio');
    expect(await voiceEl.getAttribute('src')).toBe(saved.audioUrl);
    expect(await voiceEl.isVisible()).toBe(false);

    const state = () =>
      entry.evaluate((li) => {
        const v = li.querySelector('video')!;
        const a = li.querySelector('audio')!;
        return { paused: a.paused, time: a.currentTime, videoTime: v.currentTime, rate: a.playbackRate };
      });
    // Play: the voice plays and moves on with the picture.
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await expect.poll(async () => (await state()).paused, { timeout: 10_000 }).toBe(false);
    await expect.poll(async () => (await state()).time, { timeout: 10_000 }).toBeGreaterThan(0.3);
    // Pause: the voice stops too.
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await expect.poll(async () => (await state()).paused).toBe(true);
    const paused = await state();
    expect(Math.abs(paused.time - paused.videoTime)).toBeLessThan(0.35);
    // Seek: the voice goes to the same moment.
    await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 2.5));
    await expect.poll(async () => Math.abs((await state()).time - 2.5)).toBeLessThan(0.1);
    // Speed: the voice follows it, and plays on from the new place.
    await video.evaluate((v: HTMLVideoElement) => {
      v.playbackRate = 1.5;
      return v.play();
    });
    await expect.poll(async () => (await state()).rate).toBe(1.5);
    await expect.poll(async () => (await state()).paused).toBe(false);
    await expect.poll(async () => (await state()).time, { timeout: 10_000 }).toBeGreaterThan(2.7);
    // The end: the voice is not left playing.
    await video.evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 0.2));
    // (The voice may end a moment before the picture, so wait for the picture's end, then look at the voice.)
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await state()).paused).toBe(true);
  });

  it('plays a voiceover posted to a lesson as one player, with or without the voice in its screen file', async () => {
    const page = await openProfile();
    const file = (name: string) => fs.readFileSync(path.join('test', 'fixtures', name));
    const voice = file('recorded-voice.webm');
    const target = { kind: 'lesson', thinkTank: 'spiritual', topic: 'main', lesson: 'main' };
    // Both from Chromium's MediaRecorder: a screen with the voice in it, and a silent one as made before.
    for (const [screen, caption] of [
      [file('screen-with-voice.webm'), 'Voice in the screen'],
      [file('recorded-screen.webm'), 'Voice beside the screen'],
    ] as const) {
      const saved = await context!.request.post('/api/recordings/upload', {
        multipart: {
          audioFile: { name: 'voiceover.webm', mimeType: 'audio/webm', buffer: voice },
          screenFile: { name: 'screen.webm', mimeType: 'video/webm', buffer: screen },
          sourceVideoUrl: '',
          duration: '2',
          recordingType: 'voiceover',
        },
      });
      expect(saved.status()).toBe(201);
      const { id } = (await saved.json()) as { id: string };
      const posted = await context!.request.post('/api/attempts', {
        data: { target, caption, recordingId: id },
      });
      expect(posted.status(), await posted.text()).toBe(201);
    }
    await page.goto('/think-tanks/spiritual');
    const log = page.getByRole('log', { name: 'Discussion messages' });
    const postOf = (caption: string) => log.getByRole('listitem').filter({ hasText: caption });
    const withVoice = postOf('Voice in the screen');
    const beside = postOf('Voice beside the screen');
    await withVoice.getByLabel(/^Voiceover by /).waitFor();
    await beside.getByLabel(/^Voiceover by /).waitFor();

    // The screen with the voice: one video, nothing beside it, and it decodes sound.
    expect(await withVoice.locator('video').count()).toBe(1);
    expect(await withVoice.locator('audio').count()).toBe(0);
    const video = withVoice.locator('video');
    await playsThrough(video);
    expect(
      await video.evaluate(
        (v: HTMLVideoElement) =>
          (v as unknown as { webkitAudioDecodedByteCount: number }).webkitAudioDecodedByteCount,
      ),
    ).toBeGreaterThan(0);

    // The older kind: one video with controls, its voice in a hidden audio element that follows it.
    expect(await beside.locator('video[controls]').count()).toBe(1);
    expect(await beside.locator('audio[controls]').count()).toBe(0);
    const voiceEl = beside.locator('audio');
    expect(await voiceEl.isVisible()).toBe(false);
    const paused = () => voiceEl.evaluate((a: HTMLAudioElement) => a.paused);
    await beside.locator('video').evaluate((v: HTMLVideoElement) => v.play());
    await expect.poll(paused, { timeout: 10_000 }).toBe(false);
    await beside.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    await expect.poll(paused).toBe(true);
  });

  it("says 'Recording failed' and leaves no track live when the microphone is refused", async () => {
    const page = await openProfile({ denyMicrophone: true });
    const card = recorderCard(page);
    await card.getByRole('button', { name: 'Start Recording' }).click();
    await toasts(page).getByText('Recording failed', { exact: true }).waitFor();
    expect(
      await toasts(page).getByText('Could not start recording. Please check permissions.').isVisible(),
    ).toBe(true);
    expect(await card.getByText('RECORDING IN PROGRESS...').count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Start Recording' }).isEnabled()).toBe(true);
    // The microphone was refused by the site setting, not by a stub.
    expect(
      await page.evaluate(async () => (await navigator.permissions.query({ name: 'microphone' })).state),
    ).toBe('denied');
    // The screen was shared before the microphone was refused: its track was stopped too.
    const tracks = await handedTracks(page);
    expect(tracks.map((t) => t.kind)).toEqual(['video']);
    expect(tracks.every((t) => t.readyState === 'ended')).toBe(true);
    expect(await (await context!.request.get('/api/recordings')).json()).toEqual([]);
  });

  it('stops when the share is ended from the browser, and retries a failed upload', async () => {
    const page = await openProfile();
    const card = recorderCard(page);
    let failures = 0;
    await page.route('**/api/recordings/upload', async (route) => {
      if (failures === 0) {
        failures += 1;
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' });
      } else await route.continue();
    });

    await card.getByRole('button', { name: 'Start Recording' }).click();
    const status = card.getByRole('status').filter({ hasText: 'RECORDING IN PROGRESS...' });
    await status.getByText('0:01').waitFor();
    // What the browser's own "Stop sharing" does: the screen track ends.
    await page.evaluate(() => {
      const handed = (window as unknown as { __handedTracks: MediaStreamTrack[] }).__handedTracks;
      for (const track of handed) if (track.kind === 'video') track.dispatchEvent(new Event('ended'));
    });
    await status.waitFor({ state: 'detached' });
    await toasts(page).getByText('Upload failed', { exact: true }).waitFor();
    expect(await toasts(page).getByText('Failed to upload recordings').isVisible()).toBe(true);
    // One toast at a time (docs/decisions.md decision 13).
    expect(await toasts(page).count()).toBe(1);
    expect((await handedTracks(page)).every((t) => t.readyState === 'ended')).toBe(true);

    // The take is kept: Retry sends it again.
    expect(await card.getByLabel('Last recorded audio').isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Retry' }).click();
    await toasts(page).getByText('Recording saved', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Retry' }).waitFor({ state: 'detached' });
    expect(failures).toBe(1);
    const listed = (await (await context!.request.get('/api/recordings')).json()) as unknown[];
    expect(listed).toHaveLength(1);
    await calendar(page)
      .locator(`td[data-day="${await todayKey(page)}"] button`)
      .waitFor();
  });

  it('disables start where the screen cannot be captured', async () => {
    context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(15_000);
    await signUpViaApi(context, baseURL);
    // As on most phones: no getDisplayMedia at all.
    await context.addInitScript(() => {
      delete (MediaDevices.prototype as Partial<MediaDevices>).getDisplayMedia;
    });
    const page = await context.newPage();
    await page.goto('/profile');
    const card = recorderCard(page);
    await card.getByText('Screen recording is not supported on this device').waitFor();
    expect(await card.getByRole('button', { name: 'Start Recording' }).isDisabled()).toBe(true);
  });

  it('pages through months from Sunday to Saturday', async () => {
    const page = await openProfile();
    const grid = calendar(page);
    const headers = await grid.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim().toLowerCase())).toEqual([
      'sun',
      'mon',
      'tue',
      'wed',
      'thu',
      'fri',
      'sat',
    ]);
    const title = grid.locator('caption');
    const now = await title.textContent();
    await grid.getByRole('button', { name: 'Next month' }).click();
    await expect.poll(() => title.textContent()).not.toBe(now);
    await grid.getByRole('button', { name: 'Previous month' }).click();
    await expect.poll(() => title.textContent()).toBe(now);
  });
});
