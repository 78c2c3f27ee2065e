import { describe, expect, it } from 'vitest';
import { signUpViaApi, useBrowser } from './fixtures/browser';

const f = useBrowser();

describe('theme', () => {
  it('is dark by default, and a light choice made in Settings survives a reload', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(true);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    const settings = page.getByRole('region', { name: 'Theme' });
    await settings.getByRole('radio', { name: 'Light' }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    expect(await page.evaluate(() => localStorage.getItem('tribe36-theme'))).toBe('light');

    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await isDark()).toBe(false);
  });

  it('follows the system when System is chosen', async () => {
    const { page } = f;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('tribe36-theme', 'system'));
    await page.reload();
    await page.getByText('Please log in to view and send messages').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  });
});

describe('own profile', () => {
  it('edits the athletic profile and shows it on /profile', async () => {
    const { page, context, baseURL } = f;
    const { user } = await signUpViaApi(context, baseURL);
    await page.goto('/profile');
    // The page's frame comes first (docs/decisions.md decision 68); the member's own lines fill it in.
    await page.getByText(`@${user.username}`, { exact: false }).first().waitFor();
    expect(await page.getByText('Athletic Profile').isVisible()).toBe(true);
    expect(await page.getByText('ACTIVE', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('ADMIN', { exact: true }).count()).toBe(0);

    await page
      .getByRole('link', { name: 'Edit Profile' })
      .or(page.getByRole('button', { name: 'Edit Profile' }))
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/profile/edit');
    await page.getByLabel('Name').fill('Kobe Bryant');
    await page.getByLabel('Age').fill('19');
    await page.getByLabel('School').fill('Lower Merion');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByText('Lower Merion').waitFor();
    expect(await page.getByRole('heading', { name: 'Kobe Bryant' }).isVisible()).toBe(true);
    // Scoped: the recording calendar on the same page shows day numbers too.
    const athletic = page.getByRole('region', { name: 'Athletic Profile' });
    expect(await athletic.getByText('19', { exact: true }).isVisible()).toBe(true);
  });
});
