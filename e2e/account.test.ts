import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DELETED_MEMBER_NAME, LAST_ADMIN_CANNOT_DELETE } from '@common/constants';
import { logoutFromMenu, submitLogin } from './fixtures/auth';
import { signInAsAdmin, signUpViaApi, toasts, uniqueEmail, useBrowser } from './fixtures/browser';
import { chatLog, openChat, secondMember, sendText } from './fixtures/chat';
import { mailedLinks } from './fixtures/mail';
import { discussionLog, openDiscussionPage, postToDiscussionViaApi } from './fixtures/think-tanks';

const f = useBrowser();

/** A unique text, so that a test finds its own message in the shared room. */
const uniqueText = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** The Account card of /settings, once the page has loaded. */
async function openAccount(page: Page) {
  await page.goto('/settings');
  const account = page.getByRole('region', { name: 'Account' });
  await account.waitFor();
  return account;
}

describe('deleting an account', () => {
  it('delete account: signed out for good, the messages stay as Deleted member without a link', async () => {
    const { page, context, baseURL } = f;
    const member = await signUpViaApi(context, baseURL);
    const said = uniqueText('Last lap');
    await openChat(page);
    await sendText(page, said);
    await chatLog(page).getByText(said).waitFor();
    const discussed = uniqueText('Cool-down');
    await postToDiscussionViaApi(context, baseURL, 'physiological/main/main', discussed);

    const account = await openAccount(page);
    await account.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Your profile, profile picture, voiceover recordings and their files are deleted for good.',
    );
    expect(await dialog.textContent()).toContain(`shown as ‘${DELETED_MEMBER_NAME}’`);
    const password = dialog.getByLabel('Your password');
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);

    // A wrong password is said in the dialog, which stays open.
    await password.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('alert').getByText('Invalid credentials').waitFor();

    await password.fill(member.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await toasts(page).getByText('Account deleted').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.getByText('Please log in to view and send messages').waitFor();
    expect(await page.getByRole('button', { name: 'User menu' }).count()).toBe(0);

    // The account cannot sign in again.
    await submitLogin(page, member.email, member.password);
    await toasts(page).getByText('Invalid credentials').waitFor();
    expect(await page.getByRole('button', { name: 'User menu' }).count()).toBe(0);

    // Another member sees the messages signed 'Deleted member', linking nowhere.
    const other = await secondMember(f);
    try {
      await openChat(other.page);
      const message = chatLog(other.page).locator('li[data-message-id]', { hasText: said });
      await message.waitFor();
      expect(await message.getByText(DELETED_MEMBER_NAME, { exact: true }).isVisible()).toBe(true);
      expect(await message.locator('a').count()).toBe(0);
      expect(await message.textContent()).not.toContain(member.user.name);

      await openDiscussionPage(other.page, '/think-tanks/physiological');
      const reply = discussionLog(other.page).locator('li[data-message-id]', { hasText: discussed });
      await reply.waitFor();
      expect(await reply.getByText(DELETED_MEMBER_NAME, { exact: true }).isVisible()).toBe(true);
      expect(await reply.locator('a').count()).toBe(0);
    } finally {
      await other.context.close();
    }
  });

  it('refuses the only admin, in the dialog', async () => {
    const { page, context, baseURL } = f;
    await signInAsAdmin(context, baseURL);
    const account = await openAccount(page);
    await account.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('e2e-admin-pass');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('alert').getByText(LAST_ADMIN_CANNOT_DELETE).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/settings');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
  });
});

describe('changing the e-mail address', () => {
  it('sends a link to the new address, which moves the account there when opened', async () => {
    const { page, context, baseURL } = f;
    const member = await signUpViaApi(context, baseURL);
    const newEmail = uniqueEmail('moved');
    const account = await openAccount(page);
    expect(await account.textContent()).toContain(member.email);

    await account.getByRole('button', { name: 'Change e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change e-mail' });
    await dialog.getByLabel('New e-mail address').fill(newEmail);
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await dialog.getByRole('alert').getByText('Invalid credentials').waitFor();

    await dialog.getByLabel('Current password').fill(member.password);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await dialog
      .getByRole('status')
      .getByText(`We sent a link to ${newEmail}. Your address changes when you open it.`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Nothing changes until the link is opened.
    expect(await account.textContent()).toContain(member.email);

    const [token] = await mailedLinks(newEmail, '/confirm-email');
    await page.goto(`/confirm-email#token=${token}`);
    await page.getByRole('heading', { name: 'E-mail address confirmed' }).waitFor();
    const moved = await openAccount(page);
    await moved.getByText(newEmail).waitFor();

    // The new address signs in; the old one no longer does.
    await logoutFromMenu(page);
    const refused = await submitLogin(page, member.email, member.password);
    await toasts(page).getByText('Invalid credentials').waitFor();
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await submitLogin(page, newEmail, member.password);
    await toasts(page).getByText('Logged in successfully!').waitFor();
  });
});
