import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, toasts, uniqueEmail, useBrowser } from './fixtures/browser';
import { openLoginDialog } from './fixtures/auth';

const f = useBrowser();

/**
 * A field's error as a screen reader meets it: whether the field is marked invalid, the text of what
 * `aria-describedby` points at, and whether that text is shown under the field.
 */
async function fieldError(field: Locator) {
  return field.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const messages = ids.map((id) => document.getElementById(id)).filter((m) => m !== null);
    const box = el.getBoundingClientRect();
    return {
      invalid: el.getAttribute('aria-invalid') === 'true',
      description: messages.map((m) => (m.textContent ?? '').trim()).join(' '),
      shownUnder: messages.some((m) => {
        const r = m.getBoundingClientRect();
        return r.height > 0 && r.top >= box.bottom - 1 && r.top - box.bottom < 40;
      }),
    };
  });
}

const isFocused = (field: Locator) => field.evaluate((el) => el === document.activeElement);

/** Waits until focus is on `field` (focus moves once the answer has arrived). */
async function waitForFocus(page: Page, field: Locator) {
  const handle = await field.elementHandle();
  await page.waitForFunction((el) => el === document.activeElement, handle);
}

describe('form errors beside their fields', () => {
  it('a wrong login shows the error under the password, marks it invalid and focuses it', async () => {
    const { page, context, baseURL } = f;
    const { email } = await signUpViaApi(context, baseURL);
    await context.clearCookies();
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    const username = dialog.getByLabel('Username');
    const password = dialog.getByLabel('Password', { exact: true });
    await username.fill(email);
    await password.fill('not-the-password');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();

    // The spec's toast stays, and the error is also under the field it is about.
    await toasts(page).getByText('Invalid credentials').waitFor();
    await waitForFocus(page, password);
    expect(await fieldError(password)).toEqual({
      invalid: true,
      description: 'Invalid credentials',
      shownUnder: true,
    });
    expect((await fieldError(username)).invalid).toBe(false);

    // Typing a new password takes the error away.
    await page.keyboard.type('x');
    expect(await fieldError(password)).toEqual({ invalid: false, description: '', shownUnder: false });
  });

  it('an empty login names every missing field and focuses the first', async () => {
    const { page } = f;
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    const username = dialog.getByLabel('Username');
    await waitForFocus(page, username);
    for (const field of [username, dialog.getByLabel('Password', { exact: true })]) {
      const error = await fieldError(field);
      expect(error.invalid).toBe(true);
      expect(error.shownUnder).toBe(true);
      expect(error.description.length).toBeGreaterThan(0);
    }
    expect(await toasts(page).count()).toBe(0); // nothing was sent
  });

  it('register shows the mismatch under Re-enter Password and an address taken under the e-mail', async () => {
    const { page, context, baseURL } = f;
    const { email } = await signUpViaApi(context, baseURL);
    await context.clearCookies();
    await page.goto('/');
    const login = await openLoginDialog(page);
    await login.getByRole('button', { name: 'Register here' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join Tribe36' });
    const emailField = dialog.getByLabel('Email (Username)');
    const confirm = dialog.getByLabel('Re-enter Password');
    await emailField.fill(uniqueEmail());
    await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
    await confirm.fill('secret-pasz');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await toasts(page).getByText('Passwords do not match').waitFor();
    await waitForFocus(page, confirm);
    expect(await fieldError(confirm)).toEqual({
      invalid: true,
      description: 'Passwords do not match',
      shownUnder: true,
    });

    await confirm.fill('secret-pass');
    await emailField.fill(email);
    await dialog.getByRole('button', { name: 'Register' }).click();
    await toasts(page).getByText('An account with this email already exists').waitFor();
    await waitForFocus(page, emailField);
    expect(await fieldError(emailField)).toEqual({
      invalid: true,
      description: 'An account with this email already exists',
      shownUnder: true,
    });
    expect((await fieldError(confirm)).invalid).toBe(false);
  });

  it('the profile form shows an age out of range under Age and focuses it, sending nothing', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/profile/edit');
    const age = page.getByLabel('Age');
    await age.fill('200');
    let sent = false;
    page.on('request', (request) => {
      if (request.method() === 'PATCH') sent = true;
    });
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await waitForFocus(page, age);
    const error = await fieldError(age);
    expect(error.invalid).toBe(true);
    expect(error.shownUnder).toBe(true);
    expect(error.description).toMatch(/130/);
    expect(sent).toBe(false);
    expect(await isFocused(page.getByLabel('Name'))).toBe(false);
  });
});
