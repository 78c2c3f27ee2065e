// A lesson discussion arrives over the tab's one live connection (decision 58): a message posted in one
// browser shows in another that has the lesson open, with no poll of the thread after its first load.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, useBrowser } from './fixtures/browser';
import {
  anotherMember,
  discussionBox,
  discussionLog,
  discussionPanel,
  openDiscussionPage,
} from './fixtures/think-tanks';

const f = useBrowser();
const LESSON = '/think-tanks/psychological/neuro-remodeling/theory';
const THREAD_API = '/api/discussions/psychological/neuro-remodeling/theory';

/** Counts a page's GETs of the thread's messages, and those still waiting for their answer. */
function countThreadReads(page: Page) {
  const reads = { sent: 0, waiting: 0 };
  const isRead = (url: string, method: string) => method === 'GET' && new URL(url).pathname === THREAD_API;
  page.on('request', (r) => {
    if (!isRead(r.url(), r.method())) return;
    reads.sent += 1;
    reads.waiting += 1;
  });
  const settled = (r: { url(): string; method(): string }) => {
    if (isRead(r.url(), r.method())) reads.waiting -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return reads;
}

describe('a lesson discussion, live', () => {
  it('shows a message from another browser without asking for the thread again', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    const other = await anotherMember(f);
    try {
      const reads = countThreadReads(other.page);
      await openDiscussionPage(other.page, LESSON);
      // Its first load, and the one read when the live connection opened: then nothing more.
      await discussionPanel(other.page).and(other.page.locator('[data-live="open"]')).waitFor();
      await expect.poll(() => reads.waiting).toBe(0);
      const loaded = reads.sent;
      expect(loaded).toBeGreaterThan(0);

      await openDiscussionPage(page, LESSON);
      const text = `Live lesson ${Date.now().toString(36)}`;
      await discussionBox(page).fill(text);
      await discussionBox(page).press('Enter');
      await discussionLog(page).getByText(text).waitFor();

      const arrived = discussionLog(other.page).locator('li', { hasText: text });
      await arrived.waitFor({ timeout: 4000 });
      expect(reads.sent).toBe(loaded);

      // An edit travels the same way.
      const mine = discussionLog(page).locator('li', { hasText: text });
      await mine.getByRole('button', { name: 'Actions for your message' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await mine.getByRole('textbox', { name: 'Edit message' }).fill(`${text} (fixed)`);
      await mine.getByRole('button', { name: 'Save' }).click();
      await discussionLog(other.page).getByText(`${text} (fixed)`).waitFor({ timeout: 4000 });
      expect(reads.sent).toBe(loaded);
    } finally {
      await other.context.close();
    }
  });
});
