import { describe, expect, it } from 'vitest';
import { signInAsAdmin, signUpViaApi, toasts, uniqueEmail, useBrowser } from './fixtures/browser';

const f = useBrowser();

describe('member credentials viewer and password reset', () => {
  it('lets an admin copy a member, reset their password, and makes the member change it', async () => {
    const { page, context, baseURL, browser } = f;

    // The member, signed in in a browser of their own.
    const memberContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    memberContext.setDefaultTimeout(15_000);
    try {
      const member = await signUpViaApi(memberContext, baseURL, uniqueEmail('resetme'));
      expect((await memberContext.request.get('/api/auth/me')).status()).toBe(200);

      // The admin opens the viewer from their profile.
      await signInAsAdmin(context, baseURL);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await page.goto('/profile');
      const openViewer = page.getByRole('button', { name: 'Member Credentials' });
      await openViewer.waitFor();
      expect(await page.getByText('ADMIN', { exact: true }).first().isVisible()).toBe(true);
      await openViewer.click();
      const viewer = page.getByRole('dialog', { name: 'Member Credentials' });
      const memberLink = viewer.getByRole('link', { name: member.user.name, exact: true });
      await memberLink.waitFor();
      await viewer.getByText(/^\d+ admins?$/).waitFor();
      await viewer.getByText(/^\d+ regular members?$/).waitFor();
      expect(await memberLink.getAttribute('href')).toBe(`/member/${member.user.username}`);
      // `has` is matched inside each item, so it starts from the page, not from the dialog.
      const entry = viewer
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: member.user.name, exact: true }) });
      expect(await entry.getByText(member.email, { exact: true }).isVisible()).toBe(true);
      expect(await entry.getByText('unpaid').isVisible()).toBe(true);
      expect(
        await viewer
          .getByText(/password/i)
          .first()
          .isVisible(),
      ).toBe(true); // the description…
      expect(await viewer.getByText(member.password).count()).toBe(0); // …but never a password

      // Copy: the clipboard holds who the member is, and the tick shows, then goes after 2 s.
      const copy = entry.getByRole('button', { name: `Copy credentials for ${member.user.name}` });
      await copy.click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${member.user.name} <${member.email}>`,
      );
      await entry.locator('button[data-copied="true"]').waitFor();
      await page.waitForFunction(
        (name) =>
          !document
            .querySelector(`button[aria-label="Copy credentials for ${name}"]`)
            ?.hasAttribute('data-copied'),
        member.user.name,
      );

      // Reset: confirmed first, then the temporary password is shown once.
      await entry.getByRole('button', { name: 'Reset password' }).click();
      await entry.getByRole('button', { name: 'Confirm reset' }).click();
      const shown = entry.getByTestId('temporary-password');
      await shown.waitFor();
      const temporaryPassword = (await shown.textContent())?.trim() ?? '';
      expect(temporaryPassword.length).toBeGreaterThanOrEqual(6);
      expect(
        await entry.getByText(/must change it at next sign-in; their sessions were ended/).isVisible(),
      ).toBe(true);
      await entry.getByRole('button', { name: 'Copy temporary password' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(temporaryPassword);

      // The member's session has ended; they sign in with the temporary password and must change it.
      expect((await memberContext.request.get('/api/auth/me')).status()).toBe(401);
      const memberPage = await memberContext.newPage();
      await memberPage.goto('/');
      await memberPage.getByRole('button', { name: 'Member Login' }).click();
      const login = memberPage.getByRole('dialog', { name: 'Login to Tribe36' });
      await login.getByLabel('Username').fill(member.email);
      await login.getByLabel('Password').fill(temporaryPassword);
      await login.getByRole('button', { name: 'Login', exact: true }).click();

      const change = memberPage.getByRole('dialog', { name: 'Change your password' });
      await change.waitFor();
      expect(await change.getByRole('button', { name: 'Close' }).count()).toBe(0);
      await memberPage.keyboard.press('Escape');
      await memberPage.mouse.click(5, 5);
      expect(await change.isVisible()).toBe(true);
      // Other routes refuse until the password is changed; the dialog is back after a reload.
      expect((await memberContext.request.get('/api/members?search=ab')).status()).toBe(403);
      await memberPage.reload();
      await change.waitFor();

      await change.getByLabel('Temporary password').fill(temporaryPassword);
      await change.getByLabel('New password', { exact: true }).fill('brand-new-pass');
      await change.getByLabel('Re-enter new password').fill('brand-new-pasS');
      await change.getByRole('button', { name: 'Change Password' }).click();
      await toasts(memberPage).getByText('Passwords do not match').waitFor();

      await change.getByLabel('Re-enter new password').fill('brand-new-pass');
      await change.getByRole('button', { name: 'Change Password' }).click();
      await toasts(memberPage).getByText('Password changed').waitFor();
      await change.waitFor({ state: 'detached' });

      // Now the app works: the profile opens and the member search answers.
      await memberPage.goto('/profile');
      await memberPage.getByRole('heading', { name: member.user.name }).waitFor();
      expect((await memberContext.request.get('/api/members?search=ab')).status()).toBe(200);
      expect(await change.count()).toBe(0);
    } finally {
      await memberContext.close();
    }
  });

  it('shows the wrong temporary password as an error and lets the member log out instead', async () => {
    const { page, context, baseURL, browser } = f;
    const memberContext = await browser.newContext({ baseURL });
    try {
      const member = await signUpViaApi(memberContext, baseURL, uniqueEmail('forgetful'));
      await memberContext.clearCookies();
      const admin = await signInAsAdmin(context, baseURL);
      expect(admin.isAdmin).toBe(true);
      const reset = await context.request.post(`/api/admin/members/${member.user.id}/reset-password`);
      expect(reset.status()).toBe(200);
      const { temporaryPassword } = (await reset.json()) as { temporaryPassword: string };
      await context.clearCookies();

      const login = await context.request.post('/api/auth/login', {
        data: { username: member.email, password: temporaryPassword },
      });
      expect(login.status()).toBe(200);
      await page.goto('/');
      const change = page.getByRole('dialog', { name: 'Change your password' });
      await change.getByLabel('Temporary password').fill('not-the-temporary-one');
      await change.getByLabel('New password', { exact: true }).fill('brand-new-pass');
      await change.getByLabel('Re-enter new password').fill('brand-new-pass');
      await change.getByRole('button', { name: 'Change Password' }).click();
      await toasts(page).getByText('Invalid credentials').waitFor();
      expect(await change.isVisible()).toBe(true);

      await change.getByRole('button', { name: 'Logout' }).click();
      await toasts(page).getByText('You have been logged out successfully.').waitFor();
      await change.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Member Login' }).waitFor();
    } finally {
      await memberContext.close();
    }
  });
});
