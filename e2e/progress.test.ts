import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, useBrowser } from './fixtures/browser';
import { lessonVideo, uploadLessonVideoViaApi } from './fixtures/think-tanks';

const f = useBrowser();

const clip = fs.readFileSync(path.join(import.meta.dirname, '..', 'test', 'fixtures', 'clip.webm'));
const LESSON = { thinkTank: 'psychological', topicSlug: 'neuro-remodeling', lessonSlug: 'research' };
const LESSON_PATH = '/think-tanks/psychological/neuro-remodeling/research';

/** The admin gives the lesson a short real WebM through the API, as the upload control does. */
const uploadLessonVideo = () => uploadLessonVideoViaApi(f.browser, f.baseURL, LESSON, clip);

describe('lesson progress', () => {
  it('ticks a lesson whose video was watched to 90 %, on the topic page and in the area’s count', async () => {
    await uploadLessonVideo();
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto(LESSON_PATH);
    const done = page.getByRole('button', { name: 'Mark as done' });
    await expect.poll(() => done.isEnabled()).toBe(true);
    expect(await done.getAttribute('aria-pressed')).toBe('false');

    // Watch it through (muted, as a browser lets a page play without a gesture).
    await lessonVideo(page).waitFor();
    await lessonVideo(page).evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => done.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');
    await page.getByText('Lesson done', { exact: true }).first().waitFor();

    // The topic page ticks it, and counts it.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Neuro Remodeling' })
      .click();
    const row = page.getByRole('link', { name: /312 · Research\W*done/ });
    await row.waitFor();
    expect(await page.getByRole('link', { name: /311 · Theory\W*done/ }).count()).toBe(0);
    await page.getByText('1 of 4 done').first().waitFor();

    // The area page counts it on the topic's card and for the area.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Psychological' })
      .click();
    const card = page.getByRole('link', { name: /Neuro Remodeling/ });
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('1 of 4 done');
    await page.getByRole('progressbar', { name: 'Psychological lessons done' }).waitFor();
    expect(
      await page
        .getByRole('progressbar', { name: 'Psychological lessons done' })
        .getAttribute('aria-valuenow'),
    ).toBe('1');

    // Undone by hand, and Continue on the home page offers the lesson after the last one done.
    await page.goto(LESSON_PATH);
    await expect.poll(() => done.getAttribute('aria-pressed')).toBe('true');
    await done.click();
    await expect.poll(() => done.getAttribute('aria-pressed')).toBe('false');
    await done.click();
    await expect.poll(() => done.getAttribute('aria-pressed')).toBe('true');
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Your next lesson' })
      .getByRole('link', { name: /^Continue\s*313 · Experience/ })
      .waitFor();
  });

  it('resumes the lesson video where the member stopped it', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto(LESSON_PATH);
    await page.getByRole('button', { name: 'Mark as done' }).waitFor();
    await lessonVideo(page).waitFor();
    await expect
      .poll(() => lessonVideo(page).evaluate((v: HTMLVideoElement) => v.duration))
      .toBeGreaterThan(0.6);
    const half = await lessonVideo(page).evaluate((v: HTMLVideoElement) => v.duration / 2);
    const put = await context.request.put(
      `${baseURL}/api/progress/psychological/neuro-remodeling/research/visit`,
      {
        data: { positionSeconds: half },
      },
    );
    expect(put.ok()).toBe(true);
    await page.reload();
    await page.getByText(/^Resumed at \d:\d\d/).waitFor();
    expect(await lessonVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(half, 1);
    await page.getByRole('button', { name: 'Start over' }).click();
    expect(await lessonVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(0);
  });
});
