import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { mailedTokens } from '../test/helpers/mailbox';
import { signUpViaApi, toasts, useBrowser } from './fixtures/browser';

const f = useBrowser();

/** The confirmation links mailed to `email` so far, once `count` have arrived. */
async function linksTo(email: string, count: number): Promise<string[]> {
  await expect
    .poll(() => mailedTokens(inject('dataDir'), email, '/confirm-email').length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  return mailedTokens(inject('dataDir'), email, '/confirm-email');
}

describe('confirming an e-mail address', () => {
  it('from the profile note to the mailed link, which works once', async () => {
    const { page, context, baseURL } = f;
    const member = await signUpViaApi(context, baseURL);
    await page.goto('/profile');
    const note = page.getByRole('region', { name: 'E-mail confirmation' });
    // The page the server sends has the note's outline at once (decision 68); the address fills in
    // once /api/auth/me has answered.
    await expect.poll(() => note.textContent()).toContain(`we sent a link to ${member.email}`);

    await note.getByRole('button', { name: 'Resend' }).click();
    await toasts(page).getByText('Confirmation e-mail sent').waitFor();
    const [, resent] = await linksTo(member.email, 2);

    // The member opens the link from their mailbox.
    await page.goto(`/confirm-email#token=${resent}`);
    await page.getByRole('heading', { name: 'E-mail address confirmed' }).waitFor();
    expect(new URL(page.url()).hash).toBe(''); // the token is gone from the address bar
    await page.goto('/profile');
    await page.getByText(member.user.name, { exact: true }).first().waitFor();
    expect(await note.count()).toBe(0);

    // The same link a second time.
    await page.goto(`/confirm-email#token=${resent}`);
    await page.getByRole('heading', { name: 'Link not valid' }).waitFor();
    await page.getByText('This link has expired or was already used').waitFor();
  });
});
