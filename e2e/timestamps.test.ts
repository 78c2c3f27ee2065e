import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, useBrowser } from './fixtures/browser';
import { recordTestVideo } from './fixtures/media';
import {
  discussionBox,
  discussionLog,
  lessonVideo,
  openDiscussionPage,
  uploadLessonVideoViaApi,
} from './fixtures/think-tanks';

// Timestamped comments (issue 18 part 3, docs/decisions.md decision 37).
const f = useBrowser();

const LESSON = { thinkTank: 'psychological', topicSlug: 'conviction-to-vision', lessonSlug: 'environment' };
const LESSON_PATH = '/think-tanks/psychological/conviction-to-vision/environment';

/** The admin gives the lesson a real WebM of about 4 s, recorded by the browser. */
async function uploadLessonVideo(page: Page) {
  await page.goto('/');
  await uploadLessonVideoViaApi(f.browser, f.baseURL, LESSON, await recordTestVideo(page, 4));
}

/** Where the video's next seek lands (the chip and the marks also start it playing). */
async function nextSeek(page: Page, act: () => Promise<void>): Promise<number> {
  await lessonVideo(page).evaluate((v: HTMLVideoElement) => {
    const w = window as unknown as { seekedAt?: number };
    delete w.seekedAt;
    v.addEventListener('seeked', () => (w.seekedAt = v.currentTime), { once: true });
  });
  await act();
  await page.waitForFunction(() => (window as unknown as { seekedAt?: number }).seekedAt !== undefined);
  return page.evaluate(() => (window as unknown as { seekedAt: number }).seekedAt);
}

/** Puts the paused video at `seconds`, as a member dragging its scrubber would. */
async function seekTo(page: Page, seconds: number) {
  await nextSeek(page, () =>
    lessonVideo(page).evaluate((v: HTMLVideoElement, at: number) => {
      v.pause();
      v.currentTime = at;
    }, seconds),
  );
}

const pressed = (button: Locator) => button.getAttribute('aria-pressed');

describe('timestamped comments', () => {
  it('posts a message at the video’s time; its chip and its mark on the timeline play the video from there', async () => {
    const { page, context, baseURL } = f;
    await uploadLessonVideo(page);
    const { user } = await signUpViaApi(context, baseURL);
    await openDiscussionPage(page, LESSON_PATH);
    await lessonVideo(page).waitFor();
    await expect
      .poll(() => lessonVideo(page).evaluate((v: HTMLVideoElement) => v.duration))
      .toBeGreaterThan(2.5);

    // The toggle follows the video's time.
    const toggle = page.getByRole('button', { name: /^Attach the video time, at \d+:\d\d$/ });
    await expect.poll(() => toggle.textContent()).toBe('at 0:00');
    expect(await pressed(toggle)).toBe('false');
    await seekTo(page, 2.2);
    await expect.poll(() => toggle.textContent()).toBe('at 0:02');
    expect(await toggle.getAttribute('aria-label')).toBe('Attach the video time, at 0:02');

    // Pressed, the time goes with the next message only.
    await toggle.click();
    expect(await pressed(toggle)).toBe('true');
    await discussionBox(page).fill('Knees cave in here');
    await discussionBox(page).press('Enter');
    const chip = discussionLog(page).getByRole('button', { name: 'Play the video at 0:02' });
    await chip.waitFor();
    expect(await chip.textContent()).toBe('at 0:02');
    await expect.poll(() => pressed(toggle)).toBe('false');
    await discussionBox(page).fill('And a message without a time');
    await discussionBox(page).press('Enter');
    await discussionLog(page).getByText('And a message without a time').waitFor();
    expect(
      await discussionLog(page)
        .getByRole('button', { name: /^Play the video at/ })
        .count(),
    ).toBe(1);

    // The server kept the exact time.
    const thread = await context.request.get(`${baseURL}/api/discussions/${Object.values(LESSON).join('/')}`);
    const saved = ((await thread.json()) as { text: string; videoSeconds: number | null }[]).map((m) => [
      m.text,
      m.videoSeconds,
    ]);
    expect(saved).toHaveLength(2);
    expect(saved[0]![1]).toBeCloseTo(2.2, 2);
    expect(saved[1]).toEqual(['And a message without a time', null]);

    // Played elsewhere, then the chip: the video is at the message's time, and playing.
    await lessonVideo(page).evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      v.currentTime = 0.2;
      await v.play();
    });
    await expect
      .poll(() => lessonVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(0.4);
    await lessonVideo(page).evaluate((v: HTMLVideoElement) => v.pause());
    const fromChip = await nextSeek(page, () => chip.click());
    expect(fromChip).toBeCloseTo(2.2, 1);
    await expect
      .poll(() => lessonVideo(page).evaluate((v: HTMLVideoElement) => !v.paused || v.ended))
      .toBe(true);

    // A mark on the timeline, where the message's time is, that plays from there (by keyboard too).
    const timeline = page.getByRole('group', { name: 'Comments on the video’s timeline' });
    const mark = timeline.getByRole('button', { name: `Comment at 0:02 by ${user.name}` });
    await mark.waitFor();
    expect(await timeline.getByRole('button').count()).toBe(1);
    const [bar, spot] = await Promise.all([timeline.boundingBox(), mark.boundingBox()]);
    const duration = await lessonVideo(page).evaluate((v: HTMLVideoElement) => v.duration);
    const inner = bar!.width - 2 * 20; // the strip's padding at this width (sm:px-5)
    expect(spot!.x + spot!.width / 2 - (bar!.x + 20)).toBeCloseTo((2.2 / duration) * inner, -1);
    await seekTo(page, 0);
    expect(await nextSeek(page, () => mark.click())).toBeCloseTo(2.2, 1);
    await seekTo(page, 0);
    await mark.focus();
    expect(await nextSeek(page, () => page.keyboard.press('Enter'))).toBeCloseTo(2.2, 1);
  });
});
