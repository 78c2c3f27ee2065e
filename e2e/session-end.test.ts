import { describe, expect, it } from 'vitest';
import { signInAsAdmin, signUpViaApi, useBrowser } from './fixtures/browser';
import { chatLog, openChat } from './fixtures/chat';

const f = useBrowser();

describe('a session ended elsewhere', () => {
  it("turns an open chat page into the visitor's at once, through the stream", async () => {
    const { page, context, baseURL, browser } = f;
    // Polling off: only the stream can tell the page.
    await context.addInitScript(() => window.localStorage.setItem('tribe36-chat-polling', 'off'));
    const member = await signUpViaApi(context, baseURL);
    await openChat(page);
    await page.locator('[data-stream="open"]').waitFor();
    await expect(chatLog(page).isVisible()).resolves.toBe(true);

    const coach = await browser.newContext({ baseURL });
    try {
      await signInAsAdmin(coach, baseURL);
      const reset = await coach.request.post(`${baseURL}/api/admin/members/${member.user.id}/reset-password`);
      expect(reset.status()).toBe(200);
    } finally {
      await coach.close();
    }

    // Within the stream's promise (2 s) and a render, without a reload or a poll.
    await page.getByText('Please log in to view and send messages').waitFor({ timeout: 4000 });
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    // It does not keep knocking: the stream was closed for good, not retried.
    let streamTries = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/live') streamTries += 1;
    });
    await page.waitForTimeout(4000);
    expect(streamTries).toBe(0);
  });
});
