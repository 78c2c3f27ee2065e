import { describe, expect, inject, it } from 'vitest';
import { readMailbox } from '../test/helpers/mailbox';
import { logoutFromMenu, submitLogin } from './fixtures/auth';
import { signUpViaApi, toasts, useBrowser } from './fixtures/browser';

const f = useBrowser();

const LESSON = '/think-tanks/intellectual/understanding-self/systems-theory';

describe('Settings', () => {
  it('opens from the user menu with Theme and Account, at 375 px too', async () => {
    const { page, context, baseURL } = f;
    await page.setViewportSize({ width: 375, height: 812 });
    const member = await signUpViaApi(context, baseURL);
    await page.goto('/');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
    expect(await page.title()).toBe('Settings · Tribe36');
    await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).waitFor();
    const account = page.getByRole('region', { name: 'Account' });
    expect(await account.textContent()).toContain(member.email);
    for (const name of ['Change e-mail', 'Change password', 'Delete account']) {
      const button = account.getByRole('button', { name });
      expect(await button.isVisible(), name).toBe(true);
      // Inside the page's width: nothing to scroll sideways at 375 px.
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Edit Profile keeps a way there.
    await page.goto('/profile/edit');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
  });

  it("changes the password: this browser stays signed in, another browser's session ends, a notice is mailed, the new password signs in", async () => {
    const { page, context, baseURL, browser } = f;
    const member = await signUpViaApi(context, baseURL);
    const newPassword = 'a brand new pass';
    // The member is also signed in in another browser.
    const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    try {
      const signedIn = await other.request.post('/api/auth/login', {
        data: { username: member.email, password: member.password },
      });
      expect(signedIn.status()).toBe(200);
      expect((await other.request.get('/api/auth/me')).status()).toBe(200);

      await page.goto('/settings');
      const account = page.getByRole('region', { name: 'Account' });
      await account.getByRole('button', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change password' });
      await dialog.waitFor();

      // A wrong current password is said under its field; nothing changes.
      await dialog.getByLabel('Current password').fill('not-my-password');
      await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
      await dialog.getByLabel('Re-enter new password').fill(newPassword);
      await dialog.getByRole('button', { name: 'Change Password' }).click();
      await dialog.getByText('Invalid credentials').first().waitFor();
      expect(await dialog.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
      expect((await other.request.get('/api/auth/me')).status()).toBe(200);

      await dialog.getByLabel('Current password').fill(member.password);
      await dialog.getByRole('button', { name: 'Change Password' }).click();
      await toasts(page).getByText('Password changed').waitFor();
      await dialog.waitFor({ state: 'detached' });
      // Focus goes back to the button that opened the dialog.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
        .toBe('Change password');

      // The other browser is signed out; this one is not, after a reload too.
      expect((await other.request.get('/api/auth/me')).status()).toBe(401);
      await page.reload();
      await page.getByRole('region', { name: 'Account' }).waitFor();
      await page.getByRole('button', { name: 'User menu' }).waitFor();

      // A notice went to the member's address.
      await expect
        .poll(
          () =>
            readMailbox(inject('dataDir')).filter(
              (m) => m.to.includes(member.email) && m.subject === 'Your Tribe36 password was changed',
            ).length,
          { timeout: 15_000 },
        )
        .toBe(1);

      // The old password no longer signs in; the new one does.
      await logoutFromMenu(page);
      const refused = await submitLogin(page, member.email, member.password);
      await toasts(page).getByText('Invalid credentials').waitFor();
      await refused.getByRole('button', { name: 'Cancel' }).click();
      await submitLogin(page, member.email, newPassword);
      await toasts(page).getByText('Logged in successfully!').waitFor();
      await page.getByRole('button', { name: 'User menu' }).waitFor();
    } finally {
      await other.close();
    }
  });
});

describe('a deep link', () => {
  it('survives sign-in: a lesson opened signed out sends home with the sign-in dialog, then back to the lesson', async () => {
    const { page, context, baseURL } = f;
    const member = await signUpViaApi(context, baseURL);
    await context.clearCookies();

    await page.goto(`${LESSON}?from=mail`);
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).search).toBe('');
    const dialog = page.getByRole('dialog', { name: 'Login to Tribe36' });
    await dialog.waitFor();
    // No lesson text reached the visitor.
    expect(await page.getByRole('heading', { name: '203 · Systems Theory' }).count()).toBe(0);

    await dialog.getByLabel('Username').fill(member.email);
    await dialog.getByLabel('Password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === LESSON && url.search === '?from=mail');
    const heading = page.getByRole('heading', { name: '203 · Systems Theory' });
    await heading.waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The lesson's heading takes focus, as after any in-app navigation.
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);

    // Back leaves the lesson for what came before it: the sign-in was a detour, not a page.
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe(LESSON);
  });

  it('is forgotten when the dialog is closed: signing in later stays home', async () => {
    const { page, context, baseURL } = f;
    const member = await signUpViaApi(context, baseURL);
    await context.clearCookies();
    await page.goto('/settings');
    await page.waitForURL((url) => url.pathname === '/');
    const dialog = page.getByRole('dialog', { name: 'Login to Tribe36' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // A reload of home does not open it again.
    await page.reload();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await submitLogin(page, member.email, member.password);
    await toasts(page).getByText('Logged in successfully!').waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('never leaves the app: a forged return path is ignored', async () => {
    const { page, context, baseURL } = f;
    const member = await signUpViaApi(context, baseURL);
    await context.clearCookies();
    await page.goto('/');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    // As if the home entry’s state named another site.
    await page.evaluate(() => {
      history.replaceState({ signInReturnTo: '//evil.example.com/x' }, '', '/');
    });
    await page.reload();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await submitLogin(page, member.email, member.password);
    await toasts(page).getByText('Logged in successfully!').waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL).origin);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
