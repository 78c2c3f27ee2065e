import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin, signUpViaApi, uniqueEmail, useBrowser } from './fixtures/browser';
import { chatLog } from './fixtures/chat';

const f = useBrowser();
const shots = process.env.SCREENSHOT_DIR;

/** A context of its own (a coach, or another member) at `width`. */
async function contextAt(width: number): Promise<BrowserContext> {
  const c = await f.browser.newContext({ baseURL: f.baseURL, viewport: { width, height: 800 } });
  c.setDefaultTimeout(15_000);
  return c;
}

/** The coach's report queue, reached from the Think Tanks menu. */
async function openQueue(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: /Think Tanks/ }).click();
  await page.getByRole('menuitem', { name: /Reports/ }).click();
  await page.getByRole('heading', { name: 'Reports', level: 2 }).waitFor();
}

describe('the report queue (decision 55)', () => {
  it('a coach removes a reported message and suspends its author from the queue', async () => {
    const { context, baseURL } = f;
    const author = await contextAt(1280);
    const coach = await contextAt(375);
    try {
      const spammer = await signUpViaApi(author, baseURL, uniqueEmail('spammer'));
      const text = `Cheap watches at spam.example ${Date.now()}`;
      const posted = await author.request.post(`${baseURL}/api/chat/community`, {
        data: { content: text, messageType: 'text' },
      });
      expect(posted.status()).toBe(201);
      const messageId = ((await posted.json()) as { id: number }).id;

      await signUpViaApi(context, baseURL, uniqueEmail('reporter'));
      // The reporter reports the message from its menu in the chat, at 375 px.
      const reporter = f.page;
      await reporter.setViewportSize({ width: 375, height: 800 });
      await reporter.goto('/');
      const row = chatLog(reporter).locator(`li[data-message-id="${messageId}"]`);
      await row.waitFor();
      await row.hover();
      await reporter
        .getByRole('button', { name: `Actions for ${spammer.user.name}’s message` })
        .last()
        .click();
      await reporter.getByRole('menuitem', { name: 'Report' }).click();
      const dialog = reporter.getByRole('dialog', { name: `Report ${spammer.user.name}’s message` });
      await dialog.getByRole('radio', { name: 'Spam' }).click();
      await dialog.getByLabel('Note for the coaches (optional)').fill('Third time today');
      if (shots) await reporter.screenshot({ path: `${shots}/report-dialog-375.png` });
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await reporter.getByText('Thank you: a coach will look at it.').first().waitFor();
      const again = await context.request.post(`${baseURL}/api/reports`, {
        data: { messageKind: 'chat', messageId, reason: 'spam' },
      });
      expect(again.status()).toBe(409);

      // …and blocks its author from their page; Settings lists the block.
      await reporter.goto(`/member/${encodeURIComponent(spammer.user.username)}`);
      await reporter.getByRole('button', { name: 'Block' }).click();
      await reporter.getByRole('button', { name: 'Unblock' }).waitFor();
      if (shots) await reporter.screenshot({ path: `${shots}/member-blocked-375.png`, fullPage: true });
      await reporter.goto('/settings');
      await reporter.getByRole('button', { name: `Unblock ${spammer.user.name}` }).waitFor();
      if (shots) await reporter.screenshot({ path: `${shots}/settings-375.png`, fullPage: true });
      const byMember = await context.request.post(`${baseURL}/api/reports`, {
        data: { username: spammer.user.username, reason: 'harassment' },
      });
      expect(byMember.status()).toBe(201);

      await signInAsAdmin(coach, baseURL);
      const page = await coach.newPage();
      await openQueue(page);
      const messageCard = page.getByRole('article').filter({ hasText: text });
      await messageCard.getByText('Third time today').waitFor();
      if (shots) {
        await page.screenshot({ path: `${shots}/reports-375.png`, fullPage: true });
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.screenshot({ path: `${shots}/reports-1280.png`, fullPage: true });
        await page.setViewportSize({ width: 375, height: 800 });
      }
      await messageCard.getByRole('button', { name: 'Delete message' }).click();
      await messageCard.waitFor({ state: 'detached' });
      const gone = await context.request.get(`${baseURL}/api/chat/community`);
      expect(((await gone.json()) as Array<{ id: number }>).some((m) => m.id === messageId)).toBe(false);

      const card = page.getByRole('article', { name: `Member ${spammer.user.name}` });
      await card.waitFor();
      await card.getByRole('button', { name: 'Suspend member' }).click();
      const form = card.getByRole('form', { name: /^Suspend / });
      await form.getByLabel('Reason for the suspension').fill('Spamming the chat');
      await form.getByRole('button', { name: 'Confirm suspension' }).click();
      await card.waitFor({ state: 'detached' });
      expect((await author.request.get(`${baseURL}/api/auth/me`)).status()).toBe(401);

      // The moderation log (decision 53), from the same menu, keeps both: the removed text as it was,
      // and the suspension with its reason, newest first.
      await page.goto('/');
      await page.getByRole('button', { name: /Think Tanks/ }).click();
      await page.getByRole('menuitem', { name: 'Moderation log' }).click();
      await page.getByRole('heading', { name: 'Moderation log', level: 2 }).waitFor();
      const log = page.getByRole('list', { name: 'Moderation log' }).getByRole('listitem');
      const suspended = log.filter({ hasText: `suspended @${spammer.user.username} from the reports` });
      await suspended.getByText('Spamming the chat').waitFor();
      const removed = log.filter({ hasText: `deleted the reported message of @${spammer.user.username}` });
      await removed.getByText(text).waitFor();
      const texts = await log.allTextContents();
      const at = (needle: string) => texts.findIndex((t) => t.includes(needle));
      expect(at('from the reports')).toBeLessThan(at('deleted the reported message'));
      if (shots) await page.screenshot({ path: `${shots}/moderation-log-375.png`, fullPage: true });
    } finally {
      await author.close();
      await coach.close();
    }
  });
});
