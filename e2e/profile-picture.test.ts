import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TINY_PNG, signUpViaApi, toasts, useBrowser } from './fixtures/browser';

const f = useBrowser();

/** Chooses a file through the 'Change Picture' button, as a member would. */
async function choosePicture(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Change Picture' }).click(),
  ]);
  await chooser.setFiles(file);
}

describe('profile picture', () => {
  it('uploads a picture, shows it in the header and on the profile, and removes it', async () => {
    const { page, context, baseURL } = f;
    const { user } = await signUpViaApi(context, baseURL);
    await page.goto('/profile');
    await page.getByRole('heading', { name: user.name }).waitFor();
    // Initials until there is a picture; a member is not offered the admin viewer.
    expect(await page.getByRole('button', { name: 'User menu' }).locator('img').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove picture' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Member Credentials' }).count()).toBe(0);

    let releaseUpload: () => void = () => {};
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/api/auth/upload-profile-picture', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    await choosePicture(page, { name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Uploading...' }).waitFor();
    releaseUpload();
    await toasts(page).getByText('Profile picture updated').waitFor();

    // The avatar shows its <img> only once the picture has loaded from /api/media/… (decision 85).
    const headerPicture = page.getByRole('button', { name: 'User menu' }).locator('img');
    await headerPicture.waitFor();
    // Its small version (decision 71), a WebP made from the PNG sent.
    expect(await headerPicture.getAttribute('src')).toMatch(/^\/api\/media\/[0-9a-f-]{36}\?size=small$/);
    const profilePicture = page.getByRole('img', { name: user.name });
    await profilePicture.waitFor();
    expect(await profilePicture.getAttribute('src')).toBe(await headerPicture.getAttribute('src'));
    expect(await profilePicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    // It survives a reload: the server kept it.
    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).locator('img').waitFor();

    await page.getByRole('button', { name: 'Remove picture' }).click();
    await toasts(page).getByText('Profile picture removed').waitFor();
    await page.getByRole('button', { name: 'Remove picture' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'User menu' }).locator('img').count()).toBe(0);
  });

  it('refuses a non-image and a file over 5 MB without sending them', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/upload-profile-picture')) uploads.push(request.url());
    });
    await page.goto('/profile');
    // The page's frame has the button at once (decision 68): wait for the app to run (the member's menu).
    await page.getByRole('button', { name: 'User menu' }).waitFor();

    await choosePicture(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toasts(page).getByText('Invalid file type').waitFor();
    await toasts(page).getByText('Please upload an image file').waitFor();

    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    TINY_PNG.copy(big);
    await choosePicture(page, { name: 'huge.png', mimeType: 'image/png', buffer: big });
    await toasts(page).getByText('File too large').waitFor();
    await toasts(page).getByText('Please upload an image smaller than 5MB').waitFor();
    expect(uploads).toEqual([]);
  });

  it("says 'Failed to upload profile picture' when the server refuses the file", async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    // Declared as an image, so the client lets it through; the server looks at the bytes (415).
    await choosePicture(page, {
      name: 'a.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await toasts(page).getByText('Failed to upload profile picture').waitFor();
    expect(await toasts(page).getByText('Error', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Change Picture' }).waitFor();
    expect(await page.getByRole('button', { name: 'User menu' }).locator('img').count()).toBe(0);
  });
});
