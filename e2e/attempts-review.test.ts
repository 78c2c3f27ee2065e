// The coaches' inbox (issue 30): the admin's home card with its count, the Think Tanks menu's entry, and
// the review page, where a reply (in the lesson's discussion or in the chat) takes the attempt off the
// list for every admin. Members see none of it.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin, signUpViaApi, TINY_PNG, toasts, useBrowser } from './fixtures/browser';

const f = useBrowser();

/** Posts an attempt (a frame) as the signed-in member of `context`; returns its id. */
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

/** How many attempts await a reply, as the API tells the admin of `context`. */
async function awaitingCount(context: BrowserContext, baseURL: string): Promise<number> {
  const res = await context.request.get(`${baseURL}/api/attempts/review`);
  expect(res.status()).toBe(200);
  return (await res.json()).awaiting as number;
}

const reviewItem = (page: Page, caption: string) =>
  page.getByRole('list', { name: 'Awaiting reply' }).getByRole('listitem').filter({ hasText: caption });

describe('the coaches’ inbox', () => {
  it('shows admins "Attempts to review (N)" on home and in the Think Tanks menu; a reply takes the attempt off every admin’s list', async () => {
    const { browser, baseURL, context, page } = f;
    const member = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    try {
      const ann = await signUpViaApi(member, baseURL);
      const stamp = Date.now().toString(36);
      const lessonCaption = `Lesson squat ${stamp}`;
      const chatCaption = `Chat clean ${stamp}`;
      await postAttempt(member, baseURL, lessonCaption, {
        kind: 'lesson',
        thinkTank: 'intellectual',
        topic: 'understanding-self',
        lesson: 'systems-theory',
      });
      await postAttempt(member, baseURL, chatCaption, { kind: 'chat' });

      // A member sees no card and no menu entry.
      const memberPage = await member.newPage();
      await memberPage.goto('/');
      await memberPage.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await memberPage.getByRole('button', { name: 'Think Tanks' }).click();
      await memberPage.getByRole('menuitem', { name: 'Physiological' }).waitFor();
      expect(await memberPage.getByRole('menuitem', { name: 'Attempts to review' }).count()).toBe(0);
      expect(await memberPage.getByText(/Attempts to review/).count()).toBe(0);

      await signInAsAdmin(context, baseURL);
      const n = await awaitingCount(context, baseURL);
      expect(n).toBeGreaterThanOrEqual(2);
      await page.goto('/');
      await page.getByRole('heading', { name: `Attempts to review (${n})` }).waitFor();
      await page.getByRole('button', { name: 'Think Tanks' }).click();
      await page.getByRole('menuitem', { name: 'Attempts to review' }).waitFor();
      await page.keyboard.press('Escape');

      // A second admin tab, to see the list change without doing anything.
      const other = await context.newPage();
      await other.goto('/attempts/review');
      await reviewItem(other, chatCaption).waitFor();

      await page.getByRole('link', { name: `Attempts to review (${n})` }).click();
      await page.waitForURL('**/attempts/review');
      await page.getByRole('heading', { name: 'Attempts to review', level: 2 }).waitFor();
      const lessonItem = reviewItem(page, lessonCaption);
      await lessonItem.getByRole('link', { name: '203 · Systems Theory' }).waitFor();
      await lessonItem.getByRole('img', { name: `Attempt by ${ann.user.name}` }).waitFor();

      // Reply to the lesson attempt, by keyboard: it goes to the lesson's discussion and leaves the list.
      const box = lessonItem.getByRole('textbox', { name: `Reply to ${ann.user.name}` });
      await box.focus();
      await page.keyboard.type('Knees out, chest up');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await toasts(page).getByText('Posted in the discussion of 203 · Systems Theory.').waitFor();
      await lessonItem.waitFor({ state: 'detached' });
      const thread = await context.request.get(
        `${baseURL}/api/discussions/intellectual/understanding-self/systems-theory`,
      );
      expect((await thread.json()).at(-1)).toMatchObject({ text: 'Knees out, chest up' });
      // A coach's message answers every earlier attempt of its thread (decision 52), other tests' too:
      // the count is read again rather than assumed to be n - 1.
      const left = await awaitingCount(context, baseURL);
      expect(left).toBeLessThanOrEqual(n - 1);

      // Reply to the chat attempt: a chat reply naming it.
      const chatItem = reviewItem(page, chatCaption);
      await chatItem.getByRole('link', { name: 'Community chat' }).waitFor();
      await chatItem.getByRole('textbox', { name: `Reply to ${ann.user.name}` }).fill('Nice bar path');
      await chatItem.getByRole('button', { name: 'Send reply' }).click();
      await chatItem.waitFor({ state: 'detached' });
      await page
        .getByText(
          left - 1 === 0
            ? 'No attempt is waiting for a reply.'
            : new RegExp(`^${left - 1} (attempt awaits|attempts await) your reply, oldest first\\.$`),
        )
        .waitFor();

      // The other admin's list follows, and 'Replied' lists both, newest first.
      await reviewItem(other, chatCaption).waitFor({ state: 'detached' });
      await reviewItem(other, lessonCaption).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Replied' }).click();
      const replied = page.getByRole('list', { name: 'Replied' }).getByRole('listitem');
      await replied.filter({ hasText: chatCaption }).waitFor();
      const captions = await replied.allInnerTexts();
      const chatAt = captions.findIndex((t) => t.includes(chatCaption));
      const lessonAt = captions.findIndex((t) => t.includes(lessonCaption));
      expect(chatAt).toBeGreaterThanOrEqual(0);
      expect(lessonAt).toBeGreaterThan(chatAt);
      expect(await awaitingCount(context, baseURL)).toBe(left - 1);

      // Home shows the new count.
      await page.goto('/');
      await page.getByRole('heading', { name: `Attempts to review (${left - 1})` }).waitFor();

      // The member's chat shows what the coach's reply answers.
      await memberPage.goto('/');
      const reply = memberPage.getByRole('listitem').filter({ hasText: 'Nice bar path' });
      await reply.getByText(`Reply to ${ann.user.name}’s attempt: “${chatCaption}”`).waitFor();

      // A member who opens the address is told it is not theirs.
      await memberPage.goto('/attempts/review');
      await memberPage.getByText('Only administrators can review attempts.').waitFor();
    } finally {
      await member.close();
    }
  });
});
