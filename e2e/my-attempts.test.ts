// My attempts (issue 30 part 4): a member posts attempts, a coach replies (in the lesson's discussion
// and in the chat), the member sees 'My attempts — N new replies' on home and a 'New reply' mark on
// the page reached from the user menu; opening the reply reads it and the mark and the card go.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin, signUpViaApi, TINY_PNG, useBrowser } from './fixtures/browser';

const f = useBrowser();

/** Posts an attempt (a frame) as the signed-in member of `context`: its message's id. */
async function postAttempt(context: BrowserContext, baseURL: string, caption: string, target: object) {
  const upload = await context.request.post(`${baseURL}/api/upload`, {
    multipart: { file: { name: 'frame.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(upload.status()).toBe(200);
  const res = await context.request.post(`${baseURL}/api/attempts`, {
    data: { target, caption, imageUrl: (await upload.json()).url },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return ((body.chatMessage ?? body.discussionMessage) as { id: number }).id;
}

describe('My attempts', () => {
  it('shows a coach’s reply as a new reply on home and on the page, until the member opens it', async () => {
    const { browser, baseURL, context: coach } = f;
    const member = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    try {
      await signUpViaApi(member, baseURL);
      const stamp = Date.now().toString(36);
      const lessonCaption = `Deadlift at 201 ${stamp}`;
      const chatCaption = `Snatch in chat ${stamp}`;
      await postAttempt(member, baseURL, lessonCaption, {
        kind: 'lesson',
        thinkTank: 'intellectual',
        topic: 'understanding-self',
        lesson: 'systems-theory',
      });
      const chatMessageId = await postAttempt(member, baseURL, chatCaption, { kind: 'chat' });

      // Before any reply: no card on home; the page, from the user menu, says both await review.
      const page = await member.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      expect(await page.getByRole('heading', { name: /^My attempts — / }).count()).toBe(0);
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'My attempts' }).click();
      await page.waitForURL('**/attempts');
      await page.getByRole('heading', { name: 'My attempts', level: 2 }).waitFor();
      const list = page.getByRole('list', { name: 'My attempts' });
      const lessonItem = list.getByRole('listitem').filter({ hasText: lessonCaption });
      const chatItem = list.getByRole('listitem').filter({ hasText: chatCaption });
      await lessonItem.getByText('Awaiting review').waitFor();
      await lessonItem.getByRole('heading', { name: 'Frame posted to 203 · Systems Theory' }).waitFor();
      await chatItem.getByText('Awaiting review').waitFor();
      expect(await list.getByText('New reply').count()).toBe(0);

      // The coach answers both: in the lesson's discussion, and in the chat as a reply to the attempt.
      await signInAsAdmin(coach, baseURL);
      const discussion = await coach.request.post(
        `${baseURL}/api/discussions/intellectual/understanding-self/systems-theory`,
        { data: { text: `Hips back first ${stamp}` } },
      );
      expect(discussion.status()).toBe(201);
      const chat = await coach.request.post(`${baseURL}/api/chat/community`, {
        data: { content: `Faster turnover ${stamp}`, messageType: 'text', replyToId: chatMessageId },
      });
      expect(chat.status()).toBe(201);

      // Home tells the member, and leads to the page with both marked.
      await page.goto('/');
      const card = page.getByRole('link', { name: /My attempts — 2 new replies/ });
      await card.waitFor();
      await card.click();
      await page.waitForURL('**/attempts');
      await page.getByText('2 new replies from a coach.').waitFor();
      await lessonItem.getByText('Replied', { exact: true }).waitFor();
      await lessonItem.getByText('New reply').waitFor();
      await lessonItem.getByText(`“Hips back first ${stamp}”`).waitFor();
      await chatItem.getByText('New reply').waitFor();
      await chatItem.getByText(`“Faster turnover ${stamp}”`).waitFor();

      // Opening the lesson's reply reads it: the lesson opens, and back on the page only the chat's is new.
      await lessonItem.getByRole('link', { name: 'Read the reply in 203 · Systems Theory' }).click();
      await page.waitForURL('**/think-tanks/intellectual/understanding-self/systems-theory');
      await page.getByText(`Hips back first ${stamp}`).waitFor();
      await page.goBack();
      await page.waitForURL('**/attempts');
      await page.getByText('1 new reply from a coach.').waitFor();
      await lessonItem.getByRole('link', { name: 'Open the reply in 203 · Systems Theory' }).waitFor();
      expect(await lessonItem.getByText('New reply').count()).toBe(0);
      await chatItem.getByText('New reply').waitFor();

      // The chat's, opened too: no mark left, and the home card is gone.
      await chatItem.getByRole('link', { name: 'Read the reply in Community chat' }).click();
      await page.waitForURL(`${baseURL}/`);
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await page.getByText(`Faster turnover ${stamp}`).first().waitFor();
      expect(await page.getByRole('heading', { name: /^My attempts — / }).count()).toBe(0);
      await page.goto('/attempts');
      await page.getByText('Your posted frames, clips and voiceovers, newest first.').waitFor();
      expect(await list.getByText('New reply').count()).toBe(0);
      const mine = await member.request.get(`${baseURL}/api/attempts/mine`);
      expect((await mine.json()).unread).toBe(0);
    } finally {
      await member.close();
    }
  });
});
