// Drills (issue 34 §1, decision 81): the coach assigns a lesson to a member on /drills; the member finds
// it from the user menu, open, with the coach's note and its due time in the community's time zone;
// posts an attempt to the lesson and sees it turn done; the notification's link brings it into view;
// the profile calendar marks its day with the status in words.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AssignmentsResponse } from '@common/contracts/assignments';
import { signInAsAdmin, signUpViaApi, TINY_PNG, toasts, useBrowser } from './fixtures/browser';

const f = useBrowser();

/** Posts an attempt (a frame) to a lesson as the signed-in member of `context`. */
async function postAttempt(context: BrowserContext, baseURL: string, caption: string, target: object) {
  const upload = await context.request.post(`${baseURL}/api/upload`, {
    multipart: { file: { name: 'frame.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(upload.status()).toBe(200);
  const res = await context.request.post(`${baseURL}/api/attempts`, {
    data: { target, caption, imageUrl: (await upload.json()).url },
  });
  expect(res.status(), await res.text()).toBe(201);
}

describe('Drills', () => {
  it('a coach assigns a drill; the member posts an attempt to the lesson and sees it turn done', async () => {
    const { browser, baseURL, context: coach, page: coachPage } = f;
    const member = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    try {
      const athlete = await signUpViaApi(member, baseURL);
      const stamp = Date.now().toString(36);
      const note = `Three slow reps ${stamp}`;

      // The coach, from the Think Tanks menu's Drills link... here by its address: the form.
      await signInAsAdmin(coach, baseURL);
      await coachPage.goto('/drills');
      await coachPage.getByRole('heading', { name: 'Drills', level: 1 }).waitFor();
      const form = coachPage.getByRole('region', { name: 'Assign a drill' });
      await form.getByLabel('Lesson').selectOption({ label: '203 · Systems Theory' });
      await form.getByRole('group', { name: /Due \(time zone: UTC\)/ }).waitFor();
      await form.getByLabel('Search members').fill(athlete.user.username);
      await form.getByRole('checkbox', { name: new RegExp(`@${athlete.user.username}`) }).check();
      await form.getByText('1 member picked').waitFor();
      await form.getByLabel('Note (optional)').fill(note);
      await form.getByRole('button', { name: 'Assign drill' }).click();
      await toasts(coachPage).filter({ hasText: 'Drill assigned' }).waitFor();

      // The coach's list, filtered by the member: open.
      await coachPage.getByLabel('Member', { exact: true }).selectOption({ value: athlete.user.id });
      const coachList = coachPage.getByRole('list', { name: 'Members’ drills' });
      const coachItem = coachList.getByRole('listitem').filter({ hasText: note });
      await coachItem.getByText('Open', { exact: true }).waitFor();
      expect(await coachList.getByRole('listitem').count()).toBe(1);

      // The member, from the user menu: open, with the note and the due time in the community's zone.
      const page = await member.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'My drills' }).click();
      await page.waitForURL('**/drills');
      await page.getByRole('heading', { name: 'My drills', level: 1 }).waitFor();
      const item = page
        .getByRole('list', { name: 'My drills' })
        .getByRole('listitem')
        .filter({ hasText: note });
      await item.getByRole('link', { name: '203 · Systems Theory' }).waitFor();
      await item.getByText('Open', { exact: true }).waitFor();
      await item.getByText(/^Due .+ \(UTC\)$/).waitFor();

      // The lesson's page says it is a drill, when it is due, and what completes it.
      await item.getByRole('link', { name: '203 · Systems Theory' }).click();
      await page.waitForURL('**/think-tanks/intellectual/understanding-self/systems-theory');
      const onLesson = page.getByRole('region', { name: 'Your drill on this lesson' });
      await onLesson.getByText(/^Assigned by .+: due .+ \(UTC\)$/).waitFor();
      await onLesson.getByText('Open', { exact: true }).waitFor();
      await onLesson.getByText(note).waitFor();
      await onLesson.getByText(/^Post an attempt to this lesson to complete it\./).waitFor();

      // The member posts an attempt to the lesson; back on the page, in the app, it reads done.
      await postAttempt(member, baseURL, `My reps ${stamp}`, {
        kind: 'lesson',
        thinkTank: 'intellectual',
        topic: 'understanding-self',
        lesson: 'systems-theory',
      });
      const openMenuItem = async (name: string) => {
        await page.getByRole('button', { name: 'User menu' }).click();
        await page.getByRole('menuitem', { name }).click();
      };
      await openMenuItem('My attempts');
      await page.waitForURL('**/attempts');
      await page.getByRole('heading', { name: 'My attempts', level: 2 }).waitFor();
      await openMenuItem('My drills');
      await page.waitForURL('**/drills');
      await item.getByText('Done', { exact: true }).waitFor();
      expect(await item.getByText('Open', { exact: true }).count()).toBe(0);
      await item.getByText(/^Attempt posted /).waitFor();
      await item.getByRole('link', { name: '203 · Systems Theory' }).click();
      await onLesson.getByText('Done', { exact: true }).waitFor();
      await page.goBack();
      await page.waitForURL('**/drills');

      // The notification's link: the drill in view, focused.
      const mine = (await (
        await member.request.get(`${baseURL}/api/assignments`)
      ).json()) as AssignmentsResponse;
      const drillId = mine.items[0]!.id;
      await page.goto(`/drills?assignment=${drillId}`);
      await page.locator(`[data-drill-id="${drillId}"] article[data-target-message]`).waitFor();
      await expect
        .poll(() =>
          page.evaluate(() =>
            document.activeElement?.closest('[data-drill-id]')?.getAttribute('data-drill-id'),
          ),
        )
        .toBe(drillId);
      // The address then drops the parameter; the highlight stays. A link to a drill gone says so.
      await expect.poll(() => new URL(page.url()).search).toBe('');
      expect(await page.locator(`[data-drill-id="${drillId}"] article[data-target-message]`).count()).toBe(1);
      await page.goto('/drills?assignment=00000000-0000-4000-8000-000000000000');
      await toasts(page).filter({ hasText: 'That drill is no longer assigned' }).waitFor();

      // The coach's list says done too.
      await coachPage.reload();
      await coachPage.getByLabel('Member', { exact: true }).selectOption({ value: athlete.user.id });
      await coachItem.getByText('Done', { exact: true }).waitFor();
    } finally {
      await member.close();
    }
  });

  it('the profile calendar marks the day a drill is due, with its status in words', async () => {
    const { browser, baseURL, context: coach } = f;
    const member = await browser.newContext({ baseURL });
    try {
      const athlete = await signUpViaApi(member, baseURL);
      await signInAsAdmin(coach, baseURL);
      // Due in two hours (in UTC, the community's zone): today's calendar, most likely this month.
      const due = new Date(Date.now() + 2 * 60 * 60 * 1000);
      const res = await coach.request.post(`${baseURL}/api/assignments`, {
        data: {
          lesson: { thinkTank: 'physiological', topic: 'main', lesson: 'main' },
          memberIds: [athlete.user.id],
          dueAt: due.toISOString(),
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const page = await member.newPage();
      await page.goto('/profile');
      const calendar = page.getByRole('region', { name: 'Recording Calendar' });
      const dayKey = due.toISOString().slice(0, 10);
      if (dayKey.slice(0, 7) !== (await page.evaluate(() => new Date().toISOString().slice(0, 7)))) {
        await calendar.getByRole('button', { name: 'Next month' }).click();
      }
      const cell = calendar.locator(`td[data-day="${dayKey}"]`);
      await cell.getByText('drill due: Physiological, Open').waitFor({ state: 'attached' });
      await cell.locator('[data-drill-status="open"]').waitFor();
      await calendar.getByText('Drills due:').waitFor();
    } finally {
      await member.close();
    }
  });
});
