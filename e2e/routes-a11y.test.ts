import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, updateProfileViaApi, useBrowser } from './fixtures/browser';
import { expectFocusOn, focused, tabTo } from './fixtures/focus';
import { discussionLog, openDiscussionPage, postToDiscussionViaApi } from './fixtures/think-tanks';

const f = useBrowser();

/** A unique word, so that a test finds its own member. */
const uniqueWord = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A member made through the API with `changes` to the profile; this context is signed out again. */
async function seedMember(changes: Record<string, unknown>) {
  const { context, baseURL } = f;
  const member = await signUpViaApi(context, baseURL);
  await updateProfileViaApi(context, baseURL, changes);
  return member;
}

/** Opens `path` and waits for the title the page sets (a page that never sets one keeps 'Tribe36'). */
async function titleOf(page: Page, path: string, settledBy: () => Promise<unknown>) {
  await page.goto(path);
  await settledBy();
  return page.title();
}

describe('every route has its own title', () => {
  it("visits each route of the router, signed out and in, and reads the page's title", async () => {
    const { page, context, baseURL } = f;
    const heading = (name: string | RegExp) => () => page.getByRole('heading', { name }).first().waitFor();
    const titles: Record<string, string> = {};

    titles['/'] = await titleOf(page, '/', heading('Standard Issue Comms'));
    titles['/no/such/page'] = await titleOf(page, '/no/such/page', heading('404 Page Not Found'));
    titles['/confirm-email'] = await titleOf(page, '/confirm-email', heading('Link not valid'));
    titles['/reset-password'] = await titleOf(page, '/reset-password', heading('Link not valid'));
    // A mailed unsubscribe link's page (here without its token, decision 60).
    titles['/unsubscribe'] = await titleOf(page, '/unsubscribe', heading('Link not valid'));
    // An invitation link's page (here without one) opens the registration dialog over it.
    titles['/join'] = await titleOf(page, '/join', heading('Join Tribe36'));
    expect(titles).toEqual({
      '/': 'Tribe36',
      '/no/such/page': '404 Page Not Found · Tribe36',
      '/confirm-email': 'Confirm your e-mail address · Tribe36',
      '/reset-password': 'Choose a new password · Tribe36',
      '/unsubscribe': 'Unsubscribe · Tribe36',
      '/join': 'Join · Tribe36',
    });

    const alice = await seedMember({ name: 'Alice Runner' });
    const hidden = await seedMember({ name: 'Hidden Hurdler', privacyLevel: 'private' });
    await context.clearCookies();
    await signUpViaApi(context, baseURL);
    const signedIn: Record<string, [string, () => Promise<unknown>]> = {
      '/profile': [
        'My Profile · Tribe36',
        () => page.getByRole('button', { name: 'Edit Profile' }).waitFor(),
      ],
      '/profile/edit': ['Edit Profile · Tribe36', heading('Edit Profile')],
      '/settings': ['Settings · Tribe36', heading('Settings')],
      // For admins only: a member is told so, under the same title.
      '/attempts/review': ['Attempts to review · Tribe36', heading('Attempts to review')],
      '/attempts': ['My attempts · Tribe36', heading('My attempts')],
      '/drills': ['Drills · Tribe36', heading('My drills')],
      '/events': ['Sessions · Tribe36', heading('Sessions')],
      '/leaderboard': ['Leaderboard · Tribe36', heading('Leaderboard')],
      '/admin/community': ['Community · Tribe36', heading('Community')],
      '/admin/reports': ['Reports · Tribe36', heading('Reports')],
      '/admin/audit': ['Moderation log · Tribe36', heading('Moderation log')],
      '/notifications': ['Notifications · Tribe36', heading('Notifications')],
      [`/member/${alice.user.username}`]: ['Alice Runner · Tribe36', heading('Alice Runner')],
      [`/member/${hidden.user.username}`]: ['Access Denied · Tribe36', heading('Access Denied')],
      '/think-tanks/physiological': ['Physiological · Tribe36', heading('Physiological')],
      '/think-tanks/spiritual': ['Spiritual · Tribe36', heading('Spiritual')],
      '/think-tanks/intellectual': ['Intellectual · Tribe36', heading('Intellectual')],
      '/think-tanks/psychological': ['Psychological · Tribe36', heading('Psychological')],
      '/think-tanks/emotional': ['Emotional · Tribe36', heading('Emotional')],
      '/think-tanks/intellectual/understanding-self': [
        'Understanding Self · Intellectual · Tribe36',
        heading('Understanding Self'),
      ],
      '/think-tanks/emotional/alter-ego': ['Alter Ego · Emotional · Tribe36', heading('Alter Ego')],
      '/think-tanks/intellectual/understanding-self/systems-theory': [
        '203 · Systems Theory · Intellectual · Tribe36',
        heading('203 · Systems Theory'),
      ],
      '/think-tanks/psychological/stress-management/intro-cbt': [
        '306 · Intro CBT · Psychological · Tribe36',
        heading('306 · Intro CBT'),
      ],
      '/think-tanks/intellectual/no-such-topic': [
        'Topic not found · Intellectual · Tribe36',
        heading('Topic not found'),
      ],
      '/think-tanks/intellectual/understanding-self/no-such-lesson': [
        'Lesson not found · Intellectual · Tribe36',
        heading('Lesson not found'),
      ],
      '/think-tanks/nowhere': ['404 Page Not Found · Tribe36', heading('404 Page Not Found')],
    };
    for (const [path, [title, settled]] of Object.entries(signedIn)) {
      expect(await titleOf(page, path, settled), path).toBe(title);
    }
  });
});

describe('an in-app navigation is announced', () => {
  it("moves focus to the new page's heading (no ring on it), but not on the first load", async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/think-tanks/intellectual');
    await page.getByRole('heading', { name: 'Intellectual' }).waitFor();
    // The heading is in the server's HTML; the user menu is drawn once the app runs. An Enter on a link
    // before then is the browser's own navigation, a first load, which moves no focus.
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect((await focused(page)).lost).toBe(true);

    await tabTo(page, /Understanding Self/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/think-tanks/intellectual/understanding-self');
    await expectFocusOn(page, 'Understanding Self');
    expect(await page.title()).toBe('Understanding Self · Intellectual · Tribe36');
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(ring).toBe('none');

    // The next Tab goes on from the top of the new page: its first lesson; Shift+Tab to the breadcrumb.
    await tabTo(page, /201 · What Constitutes Intelligence/, { max: 1 });
    await tabTo(page, 'Home', { back: true, max: 3 });
    // A click navigates the same way.
    await page.getByRole('link', { name: '203 · Systems Theory' }).click();
    await expectFocusOn(page, '203 · Systems Theory');
    expect(await page.title()).toBe('203 · Systems Theory · Intellectual · Tribe36');
  });
});

describe('skip links', () => {
  it("'Skip to content' is the first stop, visible when focused, and moves focus to the page", async () => {
    const { page } = f;
    await page.goto('/');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.width > 40 && box.height > 20 && box.y >= 0).toBe(true);
    // A visitor has no member search to skip to.
    expect(await page.getByRole('link', { name: 'Skip to member search' }).count()).toBe(0);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ lost: false, tag: 'main' });
    // Unfocused, it is out of sight.
    expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  });

  it("'Skip to member search' moves focus to the footer's member search", async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await tabTo(page, 'Skip to content', { max: 1 });
    await tabTo(page, 'Skip to member search', { max: 1 });
    await page.keyboard.press('Enter');
    await expectFocusOn(page, 'Search members');
    await page.locator('[role="search"][data-state="expanded"]').waitFor();
  });
});

describe("Access Denied's Go Back", () => {
  it('goes to / when the page was opened in a new tab', async () => {
    const { page, context } = f;
    const hidden = await seedMember({ name: 'Hidden Hurdler', privacyLevel: 'private' });
    await context.clearCookies();
    await signUpViaApi(context, f.baseURL);
    await page.goto(`/member/${hidden.user.username}`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Standard Issue Comms' }).waitFor();
  });

  it('goes back to the page of the app it came from', async () => {
    const { page, context, baseURL } = f;
    const word = uniqueWord('Hidden');
    await seedMember({ name: `${word} Hurdler`, privacyLevel: 'private' });
    const thread = 'intellectual/understanding-self/systems-theory';
    await postToDiscussionViaApi(context, baseURL, thread, `${word} was here`);
    await context.clearCookies();
    await signUpViaApi(context, baseURL);
    const lesson = `/think-tanks/${thread}`;
    await openDiscussionPage(page, lesson);
    await discussionLog(page)
      .getByRole('link', { name: `${word} Hurdler` })
      .click();
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === lesson);
  });
});

describe('focus is never hidden under the sticky header or the fixed footer', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    it(`tabs through the profile edit form, Settings and a lesson page at ${viewport.width} px`, async () => {
      const { page, context, baseURL } = f;
      await page.setViewportSize(viewport);
      await signUpViaApi(context, baseURL);
      await page.goto('/profile/edit');
      await page.getByRole('link', { name: 'Settings' }).waitFor();
      // Each stop is checked by tabTo: in view, clear of the header and the footer.
      await tabTo(page, 'Settings');
      await tabTo(page, 'Search members');
      await tabTo(page, 'Name', { back: true });

      await page.goto('/settings');
      await page.getByRole('button', { name: 'Delete account' }).waitFor();
      await tabTo(page, 'Delete account');
      await tabTo(page, 'Search members');
      await tabTo(page, 'Dark', { back: true });

      await openDiscussionPage(page, '/think-tanks/intellectual/understanding-self/systems-theory');
      await tabTo(page, 'Discussion message');
      await tabTo(page, 'Search members');
      await tabTo(page, 'Home', { back: true, max: 120 });
    });
  }
});
