import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, updateProfileViaApi, useBrowser } from './fixtures/browser';

const f = useBrowser();

/** A word no other test's member carries, so that search results are this test's own. */
function uniqueWord(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Registers a member with the given profile in this context, then signs the context out. */
async function seedMember(changes: Record<string, unknown>) {
  const { context, baseURL } = f;
  const { user } = await signUpViaApi(context, baseURL);
  await updateProfileViaApi(context, baseURL, changes);
  await context.clearCookies();
  return user;
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search members' });
const searchState = (page: Page) =>
  page.getByRole('search', { name: 'Member search' }).getAttribute('data-state');
/** Waits until the search is expanded or collapsed. */
const searchBecomes = (page: Page, state: 'expanded' | 'collapsed') =>
  page.locator(`[role="search"][data-state="${state}"]`).waitFor();

describe('footer member search', () => {
  it('is offered to members only', async () => {
    const { page, context, baseURL } = f;
    await page.goto('/');
    await page.getByRole('button', { name: 'Member Login' }).waitFor();
    expect(await searchBox(page).count()).toBe(0);

    await signUpViaApi(context, baseURL);
    await page.reload();
    await searchBox(page).waitFor();
    expect(await searchState(page)).toBe('collapsed');
    // Collapsed, it is 16 units (4rem) high.
    const box = await page.getByRole('search', { name: 'Member search' }).boundingBox();
    expect(box?.height).toBe(64);
  });

  it('finds another member and opens their profile', async () => {
    const { page, context, baseURL } = f;
    const word = uniqueWord('Zelda');
    const other = await seedMember({ name: `${word} Quarterback`, school: 'Central High', age: 19 });
    await signUpViaApi(context, baseURL);
    await page.goto('/');

    await searchBox(page).click();
    await searchBecomes(page, 'expanded');
    await page.getByText('Type at least 2 characters to search').waitFor();
    await searchBox(page).fill('Z');
    await page.getByText('Type at least 2 characters to search').waitFor();

    await searchBox(page).fill(word.toLowerCase());
    const result = page.getByRole('link', { name: new RegExp(`${word} Quarterback`) });
    await result.waitFor();
    expect(await result.getAttribute('href')).toBe(`/member/${other.username}`);
    expect(await result.getByText(`@${other.username}`).isVisible()).toBe(true);

    // The arrow key reaches the result; Enter opens it.
    await searchBox(page).press('ArrowDown');
    expect(await result.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/member/${other.username}`);

    await page.getByRole('heading', { name: `${word} Quarterback` }).waitFor();
    expect(await page.getByText('Public profile').isVisible()).toBe(true);
    expect(await page.getByText('ACTIVE', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Central High').isVisible()).toBe(true);
    expect(await page.getByText('19', { exact: true }).isVisible()).toBe(true);
    // Choosing a result collapsed and cleared the search; e-mails are not shown to other members.
    expect(await searchState(page)).toBe('collapsed');
    expect(await searchBox(page).inputValue()).toBe('');
    expect(await page.getByText('@example.com').count()).toBe(0);
  });

  it('says when nothing matches, and collapses and clears on Escape, outside clicks and Close search', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/');
    const word = uniqueWord('nobody');

    await searchBox(page).fill(`  ${word}  `);
    await page.getByText(`No members found matching "${word}"`).waitFor();
    await page.keyboard.press('Escape');
    await searchBecomes(page, 'collapsed');
    expect(await searchBox(page).inputValue()).toBe('');

    await searchBox(page).fill(word);
    await page.getByText(`No members found matching "${word}"`).waitFor();
    await page.getByRole('heading', { name: /Standard Issue Comms/i }).click();
    await page.getByText(`No members found matching "${word}"`).waitFor({ state: 'detached' });
    expect(await searchState(page)).toBe('collapsed');
    expect(await searchBox(page).inputValue()).toBe('');

    await searchBox(page).fill(word);
    await page.getByRole('button', { name: 'Close search' }).click();
    await page.getByRole('button', { name: 'Close search' }).waitFor({ state: 'detached' });
    expect(await searchState(page)).toBe('collapsed');
    expect(await searchBox(page).inputValue()).toBe('');
  });

  it('shows an empty list when the search fails', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.route('**/api/members?search=*', (route) =>
      route.fulfill({ status: 500, body: '{"error":"Internal server error"}' }),
    );
    await page.goto('/');
    await searchBox(page).fill('ab');
    await page.getByText('No members found matching "ab"').waitFor();
  });
});

describe('another member’s profile', () => {
  it("shows 'Access Denied' and 'This profile is private' for a private profile, and Go Back", async () => {
    const { page, context, baseURL } = f;
    const word = uniqueWord('Hidden');
    const other = await seedMember({ name: `${word} Member`, privacyLevel: 'private' });
    await signUpViaApi(context, baseURL);
    await page.goto('/');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await page.goto(`/member/${other.username}`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByText('This profile is private').isVisible()).toBe(true);
    expect(await page.getByText(`${word} Member`).count()).toBe(0);

    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows only what a selective profile shares', async () => {
    const { page, context, baseURL } = f;
    const word = uniqueWord('Selective');
    const other = await seedMember({
      name: `${word} Athlete`,
      privacyLevel: 'selective',
      school: 'North High',
      weight: '180 lbs',
      goalOne: null,
    });
    await signUpViaApi(context, baseURL);
    await page.goto(`/member/${other.username}`);
    await page.getByRole('heading', { name: `${word} Athlete` }).waitFor();
    expect(await page.getByText('Selective profile').isVisible()).toBe(true);
    expect(await page.getByText('North High').isVisible()).toBe(true);
    // Weight is not shared with members; an empty shared field reads 'Not set'.
    expect(await page.getByText('Weight', { exact: true }).count()).toBe(0);
    expect(await page.getByText('180 lbs').count()).toBe(0);
    expect(await page.getByText('Hometown', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Not set').first().isVisible()).toBe(true);
  });

  it("shows 'Member not found' for an unknown handle, sends visitors home and members to /profile for their own", async () => {
    const { page, context, baseURL } = f;
    await page.goto('/member/someone');
    await page.waitForURL((url) => url.pathname === '/');

    const { user } = await signUpViaApi(context, baseURL);
    await page.goto(`/member/${uniqueWord('ghost')}`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByText('Member not found').isVisible()).toBe(true);
    // Go Back returns to the page before (here /, where the first visit was sent).
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`/member/${user.username}`);
    await page.waitForURL((url) => url.pathname === '/profile');
  });
});
