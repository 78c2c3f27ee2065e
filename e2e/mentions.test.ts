// Mentions and discussion replies (issue 32, decision 57): typing @ and 2 characters in the chat's box
// lists the members to mention, chosen by keyboard; the posted message shows the handle as a link to the
// member's page; in a lesson discussion, Reply quotes a message above the composer and the reply shows
// the quote, which brings the quoted message into view.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, useBrowser } from './fixtures/browser';
import { chatLog, messageBox, openChat, secondMember, uniqueText } from './fixtures/chat';
import { discussionBox, discussionLog, openDiscussionPage } from './fixtures/think-tanks';

const f = useBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS;
const LESSON_PATH = '/think-tanks/intellectual/understanding-self/systems-theory';

const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Members to mention' });

describe('mentions', () => {
  it('the autocomplete inserts a handle by keyboard; the posted handle links to the profile', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    const other = await secondMember(f);
    try {
      // A name nobody else has, so that the search finds one member.
      const name = `Qz${Date.now().toString(36)}`;
      const renamed = await other.context.request.patch(`${baseURL}/api/auth/profile`, { data: { name } });
      expect(renamed.status()).toBe(200);
      const handle = other.user.username;

      await openChat(page);
      const box = messageBox(page);
      await box.click();
      await box.pressSequentially(`Nice lift @${name.slice(0, 6).toLowerCase()}`);
      const list = suggestions(page);
      await list.waitFor();
      const option = list.getByRole('option', { name: new RegExp(name) });
      await option.waitFor();
      expect(await option.getAttribute('aria-selected')).toBe('true');
      // The box keeps the focus and points at the highlighted option.
      expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
      expect(await box.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/mention-autocomplete-laptop.png` });

      // Escape closes the list and leaves the text; another character opens it again.
      await box.press('Escape');
      await list.waitFor({ state: 'detached' });
      expect(await box.inputValue()).toBe(`Nice lift @${name.slice(0, 6).toLowerCase()}`);
      await box.press(name.charAt(6).toLowerCase());
      await option.waitFor();
      await box.press('ArrowDown');
      await box.press('ArrowUp');
      await box.press('Enter');
      await list.waitFor({ state: 'detached' });
      expect(await box.inputValue()).toBe(`Nice lift @${handle} `);

      const text = uniqueText('keep going');
      await box.pressSequentially(text);
      await box.press('Enter');
      const sent = chatLog(page).locator('li[data-message-id]').filter({ hasText: text });
      const link = sent.getByRole('link', { name: `@${handle}` });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/member/${handle}`);

      // A handle that names nobody stays text.
      const plain = uniqueText('ping @nobody-here-zz');
      await box.fill(plain);
      await box.press('Enter');
      const plainItem = chatLog(page).locator('li[data-message-id]').filter({ hasText: plain });
      await plainItem.waitFor();
      expect(await plainItem.getByRole('link', { name: '@nobody-here-zz' }).count()).toBe(0);

      // Editing a message offers the members too: Escape closes the list, not the editor; Enter
      // inserts the handle, the next Enter saves, and the saved text links the handle.
      await plainItem.hover();
      await plainItem.getByRole('button', { name: 'Actions for your message' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const editBox = plainItem.getByRole('textbox', { name: 'Edit message' });
      await editBox.pressSequentially(` and @${name.slice(0, 6).toLowerCase()}`);
      await option.waitFor();
      await editBox.press('Escape');
      await list.waitFor({ state: 'detached' });
      expect(await editBox.isVisible()).toBe(true);
      await editBox.press(name.charAt(6).toLowerCase());
      await option.waitFor();
      expect(await editBox.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
      await editBox.press('Enter');
      await list.waitFor({ state: 'detached' });
      expect(await editBox.inputValue()).toBe(`${plain} and @${handle} `);
      await editBox.press('Enter');
      await plainItem.getByText('(edited)').waitFor();
      await plainItem.getByRole('link', { name: `@${handle}` }).waitFor();

      // On a phone the list fits above the box, and a tap inserts.
      await page.setViewportSize({ width: 375, height: 740 });
      await box.click();
      await box.pressSequentially(`@${name.slice(0, 5).toLowerCase()}`);
      await option.waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/mention-autocomplete-phone.png` });
      const shown = await list.boundingBox();
      expect(shown && shown.x >= 0 && shown.x + shown.width <= 375).toBe(true);
      await option.click();
      expect(await box.inputValue()).toBe(`@${handle} `);
      await box.fill('');

      // The link leads to the member's page.
      await link.click();
      await page.waitForURL(`**/member/${handle}`);
    } finally {
      await other.context.close();
    }
  });

  it('Reply quotes a discussion message; the reply shows the quote, which leads to the message', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    const other = await secondMember(f);
    try {
      const question = uniqueText('How do I hold the angle');
      await openDiscussionPage(other.page, LESSON_PATH);
      await discussionBox(other.page).fill(question);
      await discussionBox(other.page).press('Enter');
      await discussionLog(other.page).getByText(question).waitFor();

      await openDiscussionPage(page, LESSON_PATH);
      const askedId = await discussionLog(page)
        .locator('li[data-message-id]')
        .filter({ hasText: question })
        .getAttribute('data-message-id');
      const asked = discussionLog(page).locator(`li[data-message-id="${askedId}"]`);
      await asked.hover();
      await asked.getByRole('button', { name: /Actions for/ }).click();
      await page.getByRole('menuitem', { name: 'Reply' }).click();
      const replying = page.getByRole('group', { name: 'Replying to' });
      await replying.getByText(question).waitFor();
      // The box has the focus: the answer is typed at once.
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('aria-label') === 'Discussion message',
      );
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/reply-composer-laptop.png` });

      // Cancel reply, then Reply again and send.
      await replying.getByRole('button', { name: 'Cancel reply' }).click();
      await replying.waitFor({ state: 'detached' });
      await asked.hover();
      await asked.getByRole('button', { name: /Actions for/ }).click();
      await page.getByRole('menuitem', { name: 'Reply' }).click();
      await replying.waitFor();
      const answer = uniqueText('Knee over the toe');
      await discussionBox(page).fill(answer);
      await discussionBox(page).press('Enter');
      await replying.waitFor({ state: 'detached' });

      const reply = discussionLog(page).locator('li[data-message-id]').filter({ hasText: answer });
      const quote = reply.getByRole('button', { name: /Show the message this replies to/ });
      await quote.waitFor();
      expect(await quote.textContent()).toContain(question);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/reply-quote-laptop.png` });
      await quote.click();
      await page.waitForFunction(
        (id) => document.activeElement?.getAttribute('data-message-id') === id,
        askedId,
      );

      // The other member's page shows the reply with its quote.
      await page.setViewportSize({ width: 375, height: 740 });
      const theirs = discussionLog(other.page).locator('li[data-message-id]').filter({ hasText: answer });
      await theirs.getByRole('button', { name: /Show the message this replies to/ }).waitFor();
      if (SHOTS) {
        await reply.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/reply-quote-phone.png` });
      }
    } finally {
      await other.context.close();
    }
  });
});
