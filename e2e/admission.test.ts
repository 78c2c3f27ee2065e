import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { submitLogin } from './fixtures/auth';
import { signInAsAdmin, signUpViaApi, uniqueEmail, useBrowser } from './fixtures/browser';
import { messageBox } from './fixtures/chat';

const f = useBrowser();
const PASSWORD = 'secret-pass';

/** A coach in a browser context of their own, signed in. */
async function coachContext(): Promise<BrowserContext> {
  const coach = await f.browser.newContext({ baseURL: f.baseURL, viewport: { width: 1280, height: 800 } });
  coach.setDefaultTimeout(15_000);
  await signInAsAdmin(coach, f.baseURL);
  return coach;
}

/** The one e2e server is shared by every file of the run: admission goes back to open after each test. */
afterEach(async () => {
  const coach = await coachContext();
  try {
    const res = await coach.request.patch(`${f.baseURL}/api/admin/community`, {
      data: { admission: 'open' },
    });
    expect(res.status()).toBe(200);
  } finally {
    await coach.close();
  }
});

/** The coach chooses who can join on the Community page, reached from the Think Tanks menu. */
async function chooseAdmission(page: Page, label: 'Open' | 'Approval' | 'Invitation') {
  await page.goto('/');
  await page.getByRole('button', { name: /Think Tanks/ }).click();
  await page.getByRole('menuitem', { name: 'Community' }).click();
  await page.getByRole('heading', { name: 'Community', level: 2 }).waitFor();
  const choice = page.getByRole('radio', { name: label });
  await choice.click();
  await expect.poll(() => choice.getAttribute('aria-checked')).toBe('true');
  // Saved: the page read again shows it.
  await page.reload();
  await expect.poll(() => page.getByRole('radio', { name: label }).getAttribute('aria-checked')).toBe('true');
}

/** Fills and sends the registration dialog. */
async function registerInDialog(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Join Tribe36' });
  await dialog.waitFor();
  await dialog.getByLabel('Email (Username)').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Re-enter Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Register' }).click();
}

describe('who gets in', () => {
  it('approval: a new member waits on the waiting page until a coach approves, then gets home', async () => {
    const { page } = f;
    const coach = await coachContext();
    try {
      const coachPage = await coach.newPage();
      await chooseAdmission(coachPage, 'Approval');

      const email = uniqueEmail('waiting');
      await page.goto('/');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Login to Tribe36' })
        .getByRole('button', { name: 'Register here' })
        .click();
      await registerInDialog(page, email);
      await page.getByRole('heading', { name: "Waiting for a coach's approval" }).waitFor();
      // Every page of the community waits too.
      await page.goto('/think-tanks/physical');
      await page.getByRole('heading', { name: "Waiting for a coach's approval" }).waitFor();
      await page.goto('/');
      await page.getByRole('heading', { name: "Waiting for a coach's approval" }).waitFor();
      // Members are not searched while waiting: no search box in the footer, Logout is there.
      const footerSearch = page.locator('[data-slot="footer-search"] input[type="search"]');
      await page.getByRole('contentinfo').getByRole('button', { name: 'Logout' }).waitFor();
      expect(await footerSearch.count()).toBe(0);

      await coachPage.reload();
      const request = coachPage
        .getByRole('list', { name: 'Join requests' })
        .getByRole('listitem')
        .filter({ hasText: email });
      await request.getByRole('button', { name: /^Approve/ }).click();
      await request.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Check again' }).click();
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await messageBox(page).waitFor();
      await footerSearch.waitFor();
    } finally {
      await coach.close();
    }
  });

  it('invite: a link made on the Community page brings a new member to their home page', async () => {
    const { page, browser, baseURL } = f;
    const coach = await coachContext();
    try {
      const coachPage = await coach.newPage();
      await chooseAdmission(coachPage, 'Invitation');
      await coachPage.getByRole('button', { name: 'Create invitation' }).click();
      const link = (await coachPage.getByTestId('invite-link').textContent())!.trim();
      expect(link).toMatch(/\/join#invite=[A-Za-z0-9_-]{43}$/);
      await coachPage.getByRole('list', { name: 'Invitations' }).getByText('0 used').first().waitFor();

      // Without the link, registration is refused with the reason.
      const stranger = await browser.newContext({ baseURL });
      try {
        const res = await stranger.request.post(`${baseURL}/api/auth/register`, {
          data: { email: uniqueEmail('stranger'), password: PASSWORD },
        });
        expect(res.status()).toBe(403);
        expect((await res.json()).error).toMatch(/invitation/);
      } finally {
        await stranger.close();
      }

      await page.goto(link);
      await registerInDialog(page, uniqueEmail('invited'));
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await messageBox(page).waitFor();
      // The invitation's token left the address bar.
      expect(new URL(page.url()).hash).toBe('');

      await coachPage.reload();
      await coachPage.getByRole('list', { name: 'Invitations' }).getByText('1 used').first().waitFor();
    } finally {
      await coach.close();
    }
  });

  it("suspension: the member's open page turns signed out, and sign-in shows the reason", async () => {
    const { page, context, baseURL } = f;
    const member = await signUpViaApi(context, baseURL, uniqueEmail('rulebreaker'), PASSWORD);
    // Polling off: only the stream can tell the page.
    await context.addInitScript(() => window.localStorage.setItem('tribe36-chat-polling', 'off'));
    await page.goto('/');
    await messageBox(page).waitFor();
    await page.locator('[data-stream="open"]').waitFor();

    const coach = await coachContext();
    try {
      const coachPage = await coach.newPage();
      await coachPage.goto('/profile');
      await coachPage.getByRole('button', { name: 'Member Credentials' }).click();
      const entry = coachPage.getByRole('dialog').getByRole('listitem').filter({ hasText: member.email });
      await entry.getByRole('button', { name: 'Suspend', exact: true }).click();
      const form = entry.getByRole('form', { name: /^Suspend / });
      await form.getByLabel('Reason').fill('Spamming the chat');
      await form.getByRole('button', { name: 'Confirm suspension' }).click();
      await entry.getByRole('button', { name: 'Unsuspend' }).waitFor();
    } finally {
      await coach.close();
    }

    await page.getByText('Please log in to view and send messages').waitFor({ timeout: 4000 });
    expect(await messageBox(page).count()).toBe(0);

    const dialog = await submitLogin(page, member.email, PASSWORD);
    await dialog.getByText('This account is suspended. Reason: Spamming the chat.').waitFor();
  });
});
