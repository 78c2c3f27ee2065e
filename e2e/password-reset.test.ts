import { describe, expect, it } from 'vitest';
import { LINK_EXPIRED_OR_USED, PASSWORD_RESET_SENT } from '@common/constants';
import { logoutFromMenu, openLoginDialog, submitLogin } from './fixtures/auth';
import { signUpViaApi, toasts, uniqueEmail, useBrowser } from './fixtures/browser';
import { expectFocusOn, tabTo } from './fixtures/focus';
import { mailedLinks } from './fixtures/mail';

const f = useBrowser();

describe('a forgotten password', () => {
  it('forgot password from the login dialog to signed in with the new password', async () => {
    const { page, context, baseURL } = f;
    const member = await signUpViaApi(context, baseURL);
    await page.goto('/');
    await logoutFromMenu(page);

    // The address typed as the username comes along to the reset view.
    const login = await openLoginDialog(page);
    await login.getByLabel('Username').fill(member.email);
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    await forgot.waitFor();
    const email = forgot.getByLabel('Email');
    expect(await email.inputValue()).toBe(member.email);
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    await forgot.getByRole('button', { name: 'Send link' }).click();
    await forgot.getByRole('status').getByText(PASSWORD_RESET_SENT).waitFor();

    // The member opens the link from their mailbox.
    const [token] = await mailedLinks(member.email, '/reset-password');
    await page.goto(`/reset-password#token=${token}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(new URL(page.url()).hash).toBe(''); // the token is gone from the address bar

    // The registration checks, in their order, before anything is sent.
    const newPassword = page.getByLabel('New password', { exact: true });
    const again = page.getByLabel('Re-enter new password');
    await newPassword.fill('abc');
    await again.fill('abd');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('alert').getByText('Passwords do not match').waitFor();
    await again.fill('abc');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('alert').getByText('Password must be at least 6 characters').waitFor();

    await newPassword.fill('fresh-pass-9');
    await again.fill('fresh-pass-9');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await toasts(page).getByText('Password changed').waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    await logoutFromMenu(page);
    const refused = await submitLogin(page, member.email, member.password);
    await toasts(page).getByText('Invalid credentials').waitFor();
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await submitLogin(page, member.email, 'fresh-pass-9');
    await toasts(page).getByText('Logged in successfully!').waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();

    // The link worked once; a spent link offers a new one.
    await page.goto(`/reset-password#token=${token}`);
    await page.getByRole('heading', { name: 'Link not valid' }).waitFor();
    await page.getByText(LINK_EXPIRED_OR_USED).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Request a new link' }).click();
    await page.getByRole('dialog', { name: 'Reset your password' }).waitFor();
  });

  it('gives the same answer for an address with no account, and shows a refused address inline', async () => {
    const { page } = f;
    await page.goto('/');
    const login = await openLoginDialog(page);
    await login.getByLabel('Username').fill('not-an-address');
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    const email = forgot.getByLabel('Email');
    expect(await email.inputValue()).toBe(''); // a handle is no address

    // The browser lets 'a@b' through; the server refuses it, and says why.
    await email.fill('a@b');
    await forgot.getByRole('button', { name: 'Send link' }).click();
    await forgot.getByRole('alert').getByText('email must be a valid email address').waitFor();

    await email.fill(uniqueEmail('nobody'));
    await forgot.getByRole('button', { name: 'Send link' }).click();
    await forgot.getByRole('status').getByText(PASSWORD_RESET_SENT).waitFor();
    expect(await forgot.getByRole('alert').count()).toBe(0);

    await forgot.getByRole('button', { name: 'Back to login' }).click();
    await page.getByRole('dialog', { name: 'Login to Tribe36' }).waitFor();
  });

  it('puts focus on the answer after Send link, by mouse and by keyboard, each time it is sent', async () => {
    const { page } = f;
    await page.goto('/');
    const login = await openLoginDialog(page);
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    await forgot.getByLabel('Email').fill(uniqueEmail('forgetful'));
    const answer = forgot.getByRole('status').getByText(PASSWORD_RESET_SENT);
    const answerFocused = () => answer.evaluate((el) => el.closest('p') === document.activeElement);

    await forgot.getByRole('button', { name: 'Send link' }).click();
    await answer.waitFor();
    await expectFocusOn(page, new RegExp(`^${PASSWORD_RESET_SENT}`));
    expect(await answerFocused()).toBe(true);

    // Again by keyboard, from the button: the answer is drawn anew and takes focus again.
    await tabTo(page, 'Send link');
    await page.keyboard.press('Enter');
    await expectFocusOn(page, new RegExp(`^${PASSWORD_RESET_SENT}`));
    expect(await answerFocused()).toBe(true);
    // The dialog goes on from there: Tab reaches its buttons, Escape closes it.
    await tabTo(page, 'Send link');
    await page.keyboard.press('Escape');
    await forgot.waitFor({ state: 'detached' });
  });

  it('says a link is not valid when it was never sent, with no form to fill', async () => {
    const { page } = f;
    await page.goto(`/reset-password#token=${'A'.repeat(43)}`);
    await page.getByRole('heading', { name: 'Link not valid' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'Link not valid' }).waitFor();
  });
});
