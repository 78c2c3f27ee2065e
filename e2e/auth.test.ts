import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, toasts, uniqueEmail, useBrowser } from './fixtures/browser';

const f = useBrowser();

async function openRegister(page: Page) {
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const login = page.getByRole('dialog', { name: 'Login to Tribe36' });
  await login.waitFor();
  await login.getByRole('button', { name: 'Register here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join Tribe36' });
  await dialog.waitFor();
  return dialog;
}

describe('a visitor', () => {
  it('sees the home page with the Think Tanks locked and the chat closed', async () => {
    const { page } = f;
    await page.goto('/');
    await page.getByText('Please log in to view and send messages').waitFor();
    expect(await page.getByRole('heading', { name: /Standard Issue Comms/i }).isVisible()).toBe(true);
    const thinkTanks = page.getByRole('button', { name: 'Think Tanks' });
    expect(await thinkTanks.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Member Login' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'User menu' }).count()).toBe(0);
    // PIPES and ACCESS spelled out.
    for (const word of [
      'Physical',
      'Intellectual',
      'Psychological',
      'Emotional',
      'Spiritual',
      'Accountability',
      'Scheduling',
    ]) {
      expect(await page.getByText(word, { exact: true }).first().isVisible(), word).toBe(true);
    }
  });

  it('is sent from /profile to / once the server says they are not signed in', async () => {
    await f.page.goto('/profile');
    await f.page.waitForURL((url) => url.pathname === '/');
    await f.page.goto('/profile/edit');
    await f.page.waitForURL((url) => url.pathname === '/');
  });

  it('sees the footer offer Admin Login when opened with ?login=admin', async () => {
    await f.page.goto('/?login=admin');
    await f.page.getByRole('button', { name: 'Admin Login' }).click();
    await f.page.getByRole('dialog', { name: 'Login to Tribe36' }).waitFor();
  });

  it('sees the not-found page on an unknown path', async () => {
    await f.page.goto('/no/such/page');
    await f.page.getByText('404 Page Not Found').waitFor();
    expect(await f.page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
  });
});

describe('registration, sign-out and sign-in', () => {
  it('checks that the passwords match before their length', async () => {
    const { page } = f;
    await page.goto('/');
    const dialog = await openRegister(page);
    await dialog.getByLabel('Email (Username)').fill(uniqueEmail());
    await dialog.getByLabel('Password', { exact: true }).fill('abc');
    await dialog.getByLabel('Re-enter Password').fill('abd');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await toasts(page).getByText('Passwords do not match').waitFor();
    expect(await toasts(page).getByText('Password must be at least 6 characters').count()).toBe(0);

    await dialog.getByLabel('Re-enter Password').fill('abc');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await toasts(page).getByText('Password must be at least 6 characters').waitFor();
    expect(await dialog.isVisible()).toBe(true); // nothing was sent
  });

  it('registers, is signed in at once, logs out, and logs back in', async () => {
    const { page } = f;
    const email = uniqueEmail('newcomer');
    await page.goto('/');
    const dialog = await openRegister(page);
    await dialog.getByLabel('Email (Username)').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
    await dialog.getByLabel('Re-enter Password').fill('secret-pass');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await toasts(page).getByText("Account created! You're now logged in.").waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    // The member's home (loaded on demand) takes the invitation's place.
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Think Tanks' }).isEnabled()).toBe(true);
    expect(await page.getByText('Please log in to view and send messages').count()).toBe(0);

    // The session survives a reload; /profile does not bounce a member.
    await page.goto('/profile');
    await page.getByText('Athletic Profile').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await toasts(page).getByText('You have been logged out successfully.').waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('button', { name: 'Member Login' }).click();
    const login = page.getByRole('dialog', { name: 'Login to Tribe36' });
    await login.getByLabel('Username').fill(email.toUpperCase());
    await login.getByLabel('Password').fill('secret-pass');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await toasts(page).getByText('Logged in successfully!').waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
  });

  it('shows Login Failed for a wrong password and keeps the dialog open', async () => {
    const { page, context, baseURL } = f;
    const { email } = await signUpViaApi(context, baseURL);
    await context.clearCookies();
    await page.goto('/');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Login to Tribe36' });
    await login.getByLabel('Username').fill(email);
    await login.getByLabel('Password').fill('not-the-password');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await toasts(page).getByText('Login Failed').waitFor();
    await toasts(page).getByText('Invalid credentials').waitFor();
    expect(await login.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'User menu' }).count()).toBe(0);
  });

  it('shows Registration Failed for an e-mail already in use', async () => {
    const { page, context, baseURL } = f;
    const { email } = await signUpViaApi(context, baseURL);
    await context.clearCookies();
    await page.goto('/');
    const dialog = await openRegister(page);
    await dialog.getByLabel('Email (Username)').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
    await dialog.getByLabel('Re-enter Password').fill('secret-pass');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await toasts(page).getByText('Registration Failed').waitFor();
    await toasts(page).getByText('An account with this email already exists').waitFor();
  });
});

describe('when the server fails', () => {
  it('says so when logging out fails, and stays signed in', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({ status: 500, body: '{"error":"Internal server error"}' }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Logout' }).click();
    await toasts(page).getByText('Failed to log out. Please try again.').waitFor();
    // Still signed in: the user menu (loaded on demand) stays, and no Login button comes back.
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await page.getByRole('button', { name: 'Login', exact: true }).count()).toBe(0);
  });

  it('shows 6 members when the count cannot be loaded', async () => {
    const { page } = f;
    await page.route('**/api/members/count', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/');
    const card = page.getByText('athletes in the tribe').locator('..');
    await card.getByText('6', { exact: true }).waitFor();
  });
});
