import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, useBrowser } from './fixtures/browser';
import { discussionLog, discussionPanel } from './fixtures/think-tanks';

const f = useBrowser();

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

/** The accessible names of the links in a list, in order, as a screen reader announces them. */
async function linkNames(list: Locator): Promise<string[]> {
  const snapshot = await list.ariaSnapshot();
  return [...snapshot.matchAll(/- link "([^"]*)"/g)].map((m) => m[1]!);
}
const list = (page: Page, name: string) => page.getByRole('list', { name });

describe('Think Tank curriculum pages', () => {
  it('takes a member from the home menu through an area and a topic to a numbered lesson', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/');
    await page.getByRole('button', { name: 'Think Tanks' }).click();
    const items = page.getByRole('menuitem');
    // Continue first (a new member starts at 201), then the five areas with the lesson areas' counts.
    await expect
      .poll(() => items.allTextContents())
      .toEqual([
        'Continue: 201 · What Constitutes Intelligence',
        'Physiological',
        'Intellectual0 of 16 done',
        'Psychological0 of 14 done',
        'Emotional0 of 6 done',
        'Spiritual',
      ]);
    await page.getByRole('menuitem', { name: /^Intellectual/ }).click();
    await page.waitForURL((url) => url.pathname === '/think-tanks/intellectual');

    await heading(page, 'Intellectual').waitFor();
    // Each topic card: its lesson numbers, title, count and the member's progress (once it is known).
    await expect
      .poll(() => linkNames(list(page, 'Intellectual topics')))
      .toEqual([
        '201–207 Understanding Self 7 lessons 0 of 7 done',
        '208–211 Optimal Self 4 lessons 0 of 4 done',
        '212–216 Understanding Enemy 5 lessons 0 of 5 done',
      ]);

    await page.getByRole('link', { name: /Understanding Enemy/ }).click();
    await page.waitForURL((url) => url.pathname === '/think-tanks/intellectual/understanding-enemy');
    await heading(page, 'Understanding Enemy').waitFor();
    expect(await linkNames(list(page, 'Understanding Enemy lessons'))).toEqual([
      '212 · Know Enemy',
      '213 · Jeet Kun Do',
      '214 · Interception Deception',
      '215 · Data Collection',
      '216 · Methods IDP',
    ]);

    await page.getByRole('link', { name: '214 · Interception Deception' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/think-tanks/intellectual/understanding-enemy/interception-deception',
    );
    await heading(page, '214 · Interception Deception').waitFor();
    expect(await breadcrumb(page).getByRole('link').allTextContents()).toEqual([
      'Home',
      'Intellectual',
      'Understanding Enemy',
    ]);
    await page.getByText('No video uploaded yet').waitFor();
    // Uploading is for admins: a member is not offered the control.
    expect(await page.getByRole('button', { name: 'Upload Video' }).count()).toBe(0);
    // The discussion panel is 640px high.
    await discussionLog(page).waitFor();
    expect((await discussionPanel(page).boundingBox())?.height).toBe(640);
    // The lessons either side, and back up through the breadcrumbs.
    expect(await page.getByRole('link', { name: /Previous lesson 213 · Jeet Kun Do/ }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('link', { name: /Next lesson 215 · Data Collection/ }).isVisible()).toBe(
      true,
    );
    await breadcrumb(page).getByRole('link', { name: 'Understanding Enemy' }).click();
    await heading(page, 'Understanding Enemy').waitFor();
  });

  it('numbers every topic from its own start', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/think-tanks/psychological/stress-management');
    await heading(page, 'Stress Management').waitFor();
    await page.getByRole('link', { name: '301 · Anxiety Personal Lives' }).waitFor();
    expect(await page.getByRole('link', { name: '304 · PEDs Substances' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '306 · Intro CBT' }).isVisible()).toBe(true);

    await page.goto('/think-tanks/emotional');
    // The bars are filled in once the member's progress arrives.
    await expect
      .poll(() => linkNames(list(page, 'Emotional topics')))
      .toEqual([
        '401–403 Emotion Neural Link 3 lessons 0 of 3 done',
        '404–406 Alter Ego 3 lessons 0 of 3 done',
      ]);
    await page.goto('/think-tanks/emotional/alter-ego/assessing-data');
    await heading(page, '406 · Assessing Data').waitFor();
  });

  it("says 'Topic not found', 'Lesson not found', and 404 for an unknown area", async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/think-tanks/intellectual/understanding-everything');
    await heading(page, 'Topic not found').waitFor();
    await page.getByRole('link', { name: 'Intellectual topics' }).click();
    await heading(page, 'Intellectual').waitFor();

    await page.goto('/think-tanks/intellectual/understanding-enemy/no-such-lesson');
    await heading(page, 'Lesson not found').waitFor();
    expect(await page.getByRole('link', { name: 'Understanding Enemy lessons' }).isVisible()).toBe(true);

    // A topic of another area is not found here either.
    await page.goto('/think-tanks/emotional/understanding-enemy');
    await heading(page, 'Topic not found').waitFor();

    for (const path of ['/think-tanks/astral', '/think-tanks/astral/topic', '/think-tanks/spiritual/main']) {
      await page.goto(path);
      await heading(page, '404 Page Not Found').waitFor();
    }
  });

  it('shows the spiritual page with its video slot and discussion, and the physiological page with its discussion', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/think-tanks/spiritual');
    await heading(page, 'Spiritual').waitFor();
    await page.getByRole('region', { name: 'Lesson Video' }).waitFor();
    await discussionLog(page).waitFor();
    // Uploading is for admins: a member is not offered the control.
    expect(await page.getByRole('button', { name: /^(Upload|Replace) Video$/ }).count()).toBe(0);

    await page.goto('/think-tanks/physiological');
    await heading(page, 'Physiological').waitFor();
    await discussionLog(page).waitFor();
    expect(await page.getByRole('region', { name: 'Lesson Video' }).count()).toBe(0);
  });

  it('sends visitors home once the current user is known', async () => {
    const { page } = f;
    for (const path of [
      '/think-tanks/intellectual',
      '/think-tanks/intellectual/understanding-enemy',
      '/think-tanks/intellectual/understanding-enemy/interception-deception',
      '/think-tanks/spiritual',
      '/think-tanks/physiological',
    ]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Member Login' }).waitFor();
    }
  });
});
