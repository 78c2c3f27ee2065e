// Notification mail (issue 32 part 4, decision 60): the Settings page's Notifications card, by keyboard
// at 375 px and on a laptop, saved with a toast and kept; and the page a mailed unsubscribe link opens,
// which changes nothing until its button is pressed.
import { describe, expect, inject, it } from 'vitest';
import { readMailbox } from '../test/helpers/mailbox';
import { followMailedLink, signUpViaApi, toasts, useBrowser } from './fixtures/browser';

const f = useBrowser();
const SHOTS = process.env.SCREENSHOT_DIR;

describe('notification settings', () => {
  it('sets a kind’s channels and the weekly digest by keyboard at 375 px; saved with a toast and kept', async () => {
    const { page, context, baseURL } = f;
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpViaApi(context, baseURL);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Notifications' });
    const mentions = card.getByRole('group', { name: 'Mentions of you' });
    await mentions.waitFor();
    // Coaches' kinds are not offered to a member.
    expect(await card.getByRole('group', { name: 'New reports' }).count()).toBe(0);
    expect(await mentions.getByLabel('E-mail').inputValue()).toBe('immediately');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/notification-settings-phone.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // By keyboard: the e-mail select, then the push switch of the same kind.
    await mentions.getByLabel('E-mail').focus();
    await mentions.getByLabel('E-mail').selectOption('hourly');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('switch');
    await page.keyboard.press('Space');
    expect(await mentions.getByRole('switch', { name: 'Push' }).getAttribute('aria-checked')).toBe('false');
    await card.getByRole('switch', { name: 'Weekly digest' }).press('Space');
    await card.getByRole('button', { name: 'Save notification settings' }).press('Enter');
    await toasts(page).getByText('Your notification settings are saved.').waitFor();

    const saved = await (await context.request.get(`${baseURL}/api/notifications/preferences`)).json();
    expect(saved.kinds.mention).toEqual({ inApp: true, email: 'hourly', push: false });
    expect(saved.weeklyDigest).toBe(true);
    await page.reload();
    const again = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('group', { name: 'Mentions of you' });
    await again.waitFor();
    expect(await again.getByLabel('E-mail').inputValue()).toBe('hourly');
    await page.setViewportSize({ width: 1280, height: 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/notification-settings-laptop.png`, fullPage: true });
  });

  it('the unsubscribe link of a mention’s mail opens a page that changes nothing until its button is pressed', async () => {
    const { page, context, baseURL, browser } = f;
    // The member proves their address (mail goes to proven addresses only) and is away (no page open).
    const member = await signUpViaApi(context, baseURL);
    await followMailedLink(context, baseURL, member.email, '/confirm-email');
    const other = await browser.newContext({ baseURL });
    try {
      await signUpViaApi(other, baseURL);
      const posted = await other.request.post(`${baseURL}/api/chat/community`, {
        data: { content: `Great lift @${member.user.username}`, messageType: 'text' },
      });
      expect(posted.status()).toBe(201);
    } finally {
      await other.close();
    }
    // The mail arrives after the batch window (NOTIFY_MAIL_BATCH_MS of the e2e server).
    let link: string | undefined;
    await expect
      .poll(
        () => {
          const mail = readMailbox(inject('dataDir')).find(
            (m) => m.to.includes(member.email) && /^List-Unsubscribe:/im.test(m.headers),
          );
          link = mail ? /^List-Unsubscribe:\s*<([^>]+)>/im.exec(mail.headers)?.[1] : undefined;
          return link;
        },
        { timeout: 30_000 },
      )
      .toBeTruthy();
    const url = new URL(link!);
    expect(url.pathname).toBe('/unsubscribe');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(url.pathname + url.search);
    await page.getByText('Stop e-mails about mentions of you?').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/unsubscribe-phone.png` });
    // Opening the page (as a link scanner would) changed nothing.
    const before = await (await context.request.get(`${baseURL}/api/notifications/preferences`)).json();
    expect(before.kinds.mention.email).toBe('immediately');

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
    const after = await (await context.request.get(`${baseURL}/api/notifications/preferences`)).json();
    expect(after.kinds.mention.email).toBe('never');

    // Its "Notification settings" opens Settings at the Notifications card, in view and focused, below
    // the Theme card on a phone.
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await page.waitForURL('**/settings#notifications');
    const card = page.getByRole('region', { name: 'Notifications', exact: true });
    await card.getByRole('group', { name: 'Mentions of you' }).waitFor();
    await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);
    const top = async () => (await card.boundingBox())!.y;
    expect(await top()).toBeGreaterThanOrEqual(0);
    expect(await top()).toBeLessThan(200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // The address a mail links to, loaded afresh, does the same.
    await page.goto('about:blank');
    await page.goto('/settings#notifications');
    await card.getByRole('group', { name: 'Mentions of you' }).waitFor();
    await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await top()).toBeGreaterThanOrEqual(0);
    expect(await top()).toBeLessThan(200);

    // The same link again: refused, and said so.
    await page.goto(url.pathname + url.search);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'Link not valid' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('used already');
  });
});
