// A member edits and deletes their own chat message from its menu, by keyboard too, and another
// member's open page sees both without a reload; a coach removes a message with a reason, which its
// author alone sees (issue 31, decision 53).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin, signUpViaApi, useBrowser } from './fixtures/browser';
import { chatLog, openChat, secondMember, sendText, uniqueText } from './fixtures/chat';

const f = useBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS;

const messageItem = (page: Page, text: string) =>
  chatLog(page).locator('li[data-message-id]').filter({ hasText: text });

describe('editing and deleting chat messages', () => {
  it("the author edits and deletes their message from its menu; the other member's page follows", async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    const other = await secondMember(f);
    try {
      await openChat(page);
      await openChat(other.page);
      await other.page.locator('[data-stream="open"]').waitFor();
      const text = uniqueText('Typo messgae');
      await sendText(page, text);
      await messageItem(other.page, text).waitFor();

      // Edit, by mouse: the menu, Edit, the text in place, Save.
      const id = await messageItem(page, text).getAttribute('data-message-id');
      const mine = chatLog(page).locator(`li[data-message-id="${id}"]`);
      await mine.hover();
      await mine.getByRole('button', { name: 'Actions for your message' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const box = mine.getByRole('textbox', { name: 'Edit message' });
      expect(await box.inputValue()).toBe(text);
      const fixed = uniqueText('Fixed message');
      await box.fill(fixed);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/edit-laptop.png` });
      await mine.getByRole('button', { name: 'Save' }).click();
      const edited = messageItem(page, fixed);
      await edited.getByText('(edited)').waitFor();
      // The other member sees the new text and the mark, live.
      await messageItem(other.page, fixed).getByText('(edited)').waitFor();
      expect(await messageItem(other.page, text).count()).toBe(0);
      // The other member may not edit or delete it (their menu only reports it, decision 55).
      const theirs = messageItem(other.page, fixed);
      await theirs.hover();
      await theirs.getByRole('button', { name: /Actions for/ }).click();
      await other.page.getByRole('menu').waitFor();
      expect(await other.page.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
      expect(await other.page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
      await other.page.keyboard.press('Escape');

      // Escape leaves an edit as it was.
      await edited.hover();
      await edited.getByRole('button', { name: 'Actions for your message' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await edited.getByRole('textbox', { name: 'Edit message' }).fill('not kept');
      await page.keyboard.press('Escape');
      await edited.getByText(fixed, { exact: true }).waitFor();

      // Delete, by keyboard: focus the menu button, open it with Enter, arrow to Delete, confirm.
      await edited.getByRole('button', { name: 'Actions for your message' }).focus();
      await page.keyboard.press('Enter');
      const focused = (name: string) =>
        page.getByRole('menuitem', { name }).evaluate((el) => el === document.activeElement);
      await expect.poll(() => focused('Edit')).toBe(true);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focused('Delete')).toBe(true);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: 'Delete this message?' });
      await dialog.waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-laptop.png` });
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await dialog.waitFor({ state: 'detached' });
      await messageItem(page, fixed).waitFor({ state: 'detached' });
      await messageItem(other.page, fixed).waitFor({ state: 'detached' });
    } finally {
      await other.context.close();
    }
  });

  it('a coach removes a message with a reason: gone for everyone, "Removed by a coach" for its author', async () => {
    const { page, context, baseURL } = f;
    await signInAsAdmin(context, baseURL);
    const author = await secondMember(f);
    try {
      await author.page.setViewportSize({ width: 375, height: 740 });
      await openChat(author.page);
      const text = uniqueText('Off-topic advert');
      await sendText(author.page, text);
      await openChat(page);
      const item = messageItem(page, text);
      await item.hover();
      await item.getByRole('button', { name: `Actions for ${author.user.name}’s message` }).click();
      // A coach may delete, not edit, someone else's message.
      expect(await page.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('alertdialog', { name: `Remove ${author.user.name}’s message?` });
      await dialog
        .getByRole('textbox', { name: 'Reason (optional)' })
        .fill('Please keep the chat on training');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/remove-laptop.png` });
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await item.waitFor({ state: 'detached' });
      // Live: it leaves the author's page too; after a reload the author alone sees the tombstone.
      await messageItem(author.page, text).waitFor({ state: 'detached' });
      await author.page.reload();
      const notice = messageItem(author.page, text);
      await chatLog(author.page).getByText('Removed by a coach:').waitFor();
      expect(await chatLog(author.page).getByText('Please keep the chat on training').count()).toBe(1);
      expect(await notice.count()).toBe(0); // its text is not shown again
      if (SHOTS) await author.page.screenshot({ path: `${SHOTS}/tombstone-phone.png` });
      await page.reload();
      await chatLog(page).locator('[aria-busy="false"]').or(chatLog(page)).first().waitFor();
      expect(await chatLog(page).getByText('Removed by a coach').count()).toBe(0);
    } finally {
      await author.context.close();
    }
  });
});
