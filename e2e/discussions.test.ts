import { describe, expect, it } from 'vitest';
import { signInAsAdmin, signUpViaApi, toasts, useBrowser } from './fixtures/browser';
import {
  anotherMember,
  discussionBox,
  discussionClear,
  discussionLog,
  discussionPanel,
  openDiscussionPage,
  postToDiscussionViaApi,
} from './fixtures/think-tanks';

const f = useBrowser();

/** A unique text, so that a test finds its own message in a shared thread. */
const uniqueText = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

describe('saved discussions', () => {
  it('keeps a message across a reload and shows it to a second member, and their reply comes back', async () => {
    const { page, context, baseURL } = f;
    const { user } = await signUpViaApi(context, baseURL);
    const lesson = '/think-tanks/psychological/neuro-remodeling/theory';
    await openDiscussionPage(page, lesson);
    await discussionLog(page).getByText('No messages yet. Start the discussion!').waitFor();

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/discussions/'))
        posts.push(request.url());
    });
    // Blank is not sent; Shift+Enter makes a new line; Enter sends.
    await discussionBox(page).fill('   ');
    await discussionBox(page).press('Enter');
    const first = uniqueText('Breathing drills');
    await discussionBox(page).fill(first);
    await discussionBox(page).press('Shift+Enter');
    await discussionBox(page).pressSequentially('<b>then sleep</b>');
    expect(await discussionBox(page).inputValue()).toBe(`${first}\n<b>then sleep</b>`);
    expect(posts).toEqual([]);
    await discussionBox(page).press('Enter');

    const mine = discussionLog(page).locator('li', { hasText: first });
    await mine.waitFor();
    expect(await discussionBox(page).inputValue()).toBe('');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/\/api\/discussions\/psychological\/neuro-remodeling\/theory$/);
    // Text stays text: the markup is shown, not made into an element.
    expect(await mine.locator('p').innerText()).toBe(`${first}\n<b>then sleep</b>`);
    expect(await mine.locator('b').count()).toBe(0);
    expect(await mine.locator('time').textContent()).toBe('Just now');
    const author = mine.getByRole('link', { name: user.name });
    expect(await author.getAttribute('href')).toBe(`/member/${user.username}`);

    await page.reload();
    await discussionLog(page).getByText(first).waitFor();

    const other = await anotherMember(f);
    try {
      await openDiscussionPage(other.page, lesson);
      const seen = discussionLog(other.page).locator('li', { hasText: first });
      await seen.waitFor();
      expect(await seen.getByRole('link', { name: user.name }).isVisible()).toBe(true);

      const reply = uniqueText('Agreed');
      await discussionBox(other.page).fill(reply);
      await discussionBox(other.page).press('Enter');
      await discussionLog(other.page).getByText(reply).waitFor();
      // The first member's open panel picks it up on its next refresh, without a reload.
      const replied = discussionLog(page).locator('li', { hasText: reply });
      await replied.waitFor();
      expect(await replied.getByRole('link', { name: other.user.name }).isVisible()).toBe(true);
    } finally {
      await other.context.close();
    }
  });

  it("gives the text back with 'Message not sent' when the server refuses it", async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await openDiscussionPage(page, '/think-tanks/psychological/neuro-remodeling/theory');
    await page.route('**/api/discussions/**', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 429, json: { error: 'Slow down: too many messages.' } })
        : route.fallback(),
    );
    const text = uniqueText('Refused');
    await discussionBox(page).fill(text);
    await discussionBox(page).press('Enter');
    const toast = toasts(page).filter({ hasText: 'Message not sent' });
    await toast.getByText('Slow down: too many messages.').waitFor();
    expect(await discussionBox(page).inputValue()).toBe(text);
    expect(await discussionLog(page).getByText(text).count()).toBe(0);
  });

  it("lets an admin clear a thread for everyone with 'Chat Cleared'; members have no Clear", async () => {
    const { page, context, baseURL } = f;
    const member = await anotherMember(f);
    try {
      const text = uniqueText('Hip mobility');
      await postToDiscussionViaApi(member.context, baseURL, 'physiological/main/main', text);
      await openDiscussionPage(member.page, '/think-tanks/physiological');
      await discussionLog(member.page).getByText(text).waitFor();
      expect(await discussionClear(member.page).count()).toBe(0);

      await signInAsAdmin(context, baseURL);
      await openDiscussionPage(page, '/think-tanks/physiological');
      await discussionLog(page).getByText(text).waitFor();
      await discussionClear(page).click();
      const confirm = page.getByRole('alertdialog', { name: 'Clear the discussion?' });
      await confirm.waitFor();
      // Cancel keeps everything.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await discussionLog(page).getByText(text).isVisible()).toBe(true);

      await discussionClear(page).click();
      await confirm.getByRole('button', { name: 'Clear messages' }).click();
      await toasts(page).getByText('All messages have been removed.').waitFor();
      expect(await toasts(page).getByText('Chat Cleared', { exact: true }).isVisible()).toBe(true);
      await discussionLog(page).getByText('No messages yet. Start the discussion!').waitFor();
      // Gone for the member too, on their panel's next refresh.
      await discussionLog(member.page).getByText('No messages yet. Start the discussion!').waitFor();
      await page.reload();
      await discussionLog(page).getByText('No messages yet. Start the discussion!').waitFor();
    } finally {
      await member.context.close();
    }
  });

  it('lets a keyboard skip past the messages to the box, by a link shown while it has the focus', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await openDiscussionPage(page, '/think-tanks/psychological/neuro-remodeling/theory');
    const skip = discussionPanel(page).getByRole('link', { name: 'Skip to message box' });
    // A Tab first, so that the focus counts as a keyboard one (its ring and the link show).
    await page.keyboard.press('Tab');
    await skip.focus();
    expect((await skip.boundingBox())!.width).toBeGreaterThan(100);
    await page.keyboard.press('Enter');
    expect(await discussionBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
