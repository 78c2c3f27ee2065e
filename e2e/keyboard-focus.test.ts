import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TINY_PNG, signInAsAdmin, signUpViaApi, toasts, uniqueEmail, useBrowser } from './fixtures/browser';
import { canvasIn, openTool, waitForData } from './fixtures/analysis';
import { attach, newestMessage, openChat } from './fixtures/chat';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './fixtures/chromium';
import { expectFocusOn, focused, tabTo, uploadRecordingViaApi } from './fixtures/focus';
import { recordTestVideo } from './fixtures/media';
import { ATHLETE_MP4, poseControls, turnPoseOn } from './fixtures/pose';

const f = useBrowser();

/** Waits until the app has drawn the signed-in or signed-out header. */
async function ready(page: Page, member: boolean) {
  await page.getByRole('button', member ? { name: 'User menu' } : { name: 'Login', exact: true }).waitFor();
}

describe('keyboard only: focus is never lost', () => {
  it('registers, edits the profile and saves it by keyboard alone, focus never on <body> nor hidden', async () => {
    const { page } = f;
    await page.goto('/');
    await ready(page, false);

    await tabTo(page, 'Skip to content', { max: 1 });
    await tabTo(page, 'Login');
    await page.keyboard.press('Enter');
    const login = page.getByRole('dialog', { name: 'Login to Tribe36' });
    await login.waitFor();
    await expectFocusOn(page, 'Username');
    await tabTo(page, 'Register here');
    await page.keyboard.press('Enter');
    const register = page.getByRole('dialog', { name: 'Join Tribe36' });
    await register.waitFor();
    // The switch took the link away: the register view starts at its first field.
    await expectFocusOn(page, 'Email (Username)');
    await page.keyboard.type(uniqueEmail('keys'));
    await page.keyboard.press('Tab');
    await page.keyboard.type('secret-pass');
    await page.keyboard.press('Tab');
    await page.keyboard.type('secret-pass');
    await page.keyboard.press('Enter');
    await toasts(page).getByText("Account created! You're now logged in.").waitFor();
    await register.waitFor({ state: 'detached' });
    // The Login button has gone: the user menu that replaced it has focus.
    await expectFocusOn(page, 'User menu');

    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
    await expectFocusOn(page, 'My Profile');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/profile');
    // The new page's heading has focus, so a screen reader announces it; no tooltip stays behind.
    // A new member's name is their handle, the e-mail's local part.
    await expectFocusOn(page, /^keys/);
    expect((await focused(page)).tag).toBe('h2');
    expect(await page.getByRole('tooltip').count()).toBe(0);

    await tabTo(page, 'Edit Profile');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/profile/edit');
    await expectFocusOn(page, 'Edit Profile');
    expect((await focused(page)).tag).toBe('h2');

    await tabTo(page, 'Name');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Keyboard Runner');
    await tabTo(page, 'School');
    await page.keyboard.type('North High');
    // On through every field to the end of the form, none hidden under the footer.
    await tabTo(page, 'Save Profile');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/profile');
    await expectFocusOn(page, 'Keyboard Runner');
    expect((await focused(page)).tag).toBe('h2');
    expect(await page.title()).toBe('My Profile · Tribe36');
  });

  it('logout from the user menu gives focus to the Login button that replaced it', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/');
    await ready(page, true);
    await page.getByRole('button', { name: 'User menu' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Logout' }).focus();
    await page.keyboard.press('Enter');
    await toasts(page).getByText('You have been logged out successfully.').waitFor();
    await expectFocusOn(page, 'Login');
  });
});

describe('every dialog opened and closed by keyboard gives focus back to what opened it', () => {
  it('login and register (from the header and the footer)', async () => {
    const { page } = f;
    await page.goto('/');
    await ready(page, false);
    await tabTo(page, 'Login');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Login to Tribe36' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectFocusOn(page, 'Login');

    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Login to Tribe36' }).waitFor();
    await tabTo(page, 'Register here');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Join Tribe36' }).waitFor();
    await tabTo(page, 'Cancel');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectFocusOn(page, 'Login');

    await tabTo(page, 'Member Login');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Login to Tribe36' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectFocusOn(page, 'Member Login');
  });

  it("settings, from the user menu, to the Settings page's heading; the menu's tooltip does not come back", async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/');
    await ready(page, true);
    await tabTo(page, 'User menu');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    // My Profile, My attempts, My drills, Sessions, Leaderboard, Settings.
    for (const item of ['My attempts', 'My drills', 'Sessions', 'Leaderboard', 'Settings']) {
      await page.keyboard.press('ArrowDown');
      await expectFocusOn(page, item);
    }
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('region', { name: 'Account' }).waitFor();
    await expectFocusOn(page, 'Settings');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');

    // By mouse: the tooltip does not come back with the focus the closing menu hands back.
    await page.goto('/');
    await ready(page, true);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('region', { name: 'Account' }).waitFor();
    expect(await page.getByRole('tooltip').count()).toBe(0);
  });

  it('change e-mail, change password and delete account, on the Settings page, back to their buttons', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Change e-mail' }).waitFor();
    await tabTo(page, 'Change e-mail');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Change e-mail' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectFocusOn(page, 'Change e-mail');

    await tabTo(page, 'Change password');
    await page.keyboard.press('Enter');
    const password = page.getByRole('dialog', { name: 'Change password' });
    await password.waitFor();
    expect(
      await password.getByLabel('Current password').evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectFocusOn(page, 'Change password');

    await tabTo(page, 'Delete account');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog', { name: 'Delete your account?' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await expectFocusOn(page, 'Delete account');
  });

  it("a calendar day's recordings, back to the day", async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await uploadRecordingViaApi(context, baseURL);
    await page.goto('/profile');
    const day = page.locator('button[data-recorded]');
    await day.waitFor();
    const dayName = (await day.getAttribute('aria-label'))!;
    await tabTo(page, dayName);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectFocusOn(page, dayName);
  });

  it('a photo in the chat, back to its thumbnail', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await openChat(page);
    await attach(page, { name: 'team.png', mimeType: 'image/png', buffer: TINY_PNG });
    const thumbnail = newestMessage(page).getByRole('button', { name: 'Open photo' });
    await thumbnail.waitFor();
    // This thumbnail itself: other tests post to the same room, so "the newest" may change meanwhile.
    const opened = (await thumbnail.elementHandle())!;
    await opened.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The dialog gives focus back as it unmounts (Radix does it in a task of its own).
    await expect.poll(() => opened.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("the admin's member credentials, back to its button", async () => {
    const { page, context, baseURL } = f;
    await signInAsAdmin(context, baseURL);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Member Credentials' }).waitFor();
    await tabTo(page, 'Member Credentials');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Member Credentials' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectFocusOn(page, 'Member Credentials');
  });

  it('change password after an admin reset: the page takes focus when it closes', async () => {
    const { page, context, baseURL } = f;
    const member = await signUpViaApi(context, baseURL);
    await signInAsAdmin(context, baseURL);
    const reset = await context.request.post(`/api/admin/members/${member.user.id}/reset-password`);
    const { temporaryPassword } = (await reset.json()) as { temporaryPassword: string };
    await context.clearCookies();
    await context.request.post('/api/auth/login', {
      data: { username: member.email, password: temporaryPassword },
    });
    await page.goto('/');
    const change = page.getByRole('dialog', { name: 'Change your password' });
    await change.waitFor();
    await expectFocusOn(page, 'Temporary password');
    await page.keyboard.type(temporaryPassword);
    await page.keyboard.press('Tab');
    await page.keyboard.type('brand-new-pass');
    await page.keyboard.press('Tab');
    await page.keyboard.type('brand-new-pass');
    await page.keyboard.press('Enter');
    await change.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).lost).toBe(false);
  });
});

describe('focus follows the controls that replace each other', () => {
  it('a chat video: the player takes focus from the poster and gives it back at the end', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await openChat(page);
    await attach(page, {
      name: 'drill.webm',
      mimeType: 'video/webm',
      buffer: await recordTestVideo(page),
    });
    const message = newestMessage(page);
    const play = message.getByRole('button', { name: 'Play video' });
    await play.waitFor();
    await play.focus();
    await page.keyboard.press('Enter');
    const player = message.locator('video[controls]');
    await player.waitFor();
    await expect.poll(() => player.evaluate((v) => v === document.activeElement)).toBe(true);
    await play.waitFor({ timeout: 20_000 });
    await expect.poll(() => play.evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it('Start recording hands focus to Stop, Stop back to Start; with reduced motion Stop does not pulse', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        '--auto-select-desktop-capture-source=Entire screen',
      ],
    });
    try {
      const context = await browser.newContext({
        baseURL: f.baseURL,
        viewport: { width: 1280, height: 800 },
        reducedMotion: 'reduce',
      });
      context.setDefaultTimeout(15_000);
      await signUpViaApi(context, f.baseURL);
      const page = await context.newPage();
      await page.goto('/profile');
      const card = page.getByRole('region', { name: 'VOICEOVER RECORDING' });
      const start = card.getByRole('button', { name: 'Start Recording' });
      const stop = card.getByRole('button', { name: 'Stop Recording' });
      await start.waitFor();
      // The profile's frame has the card before the app runs (decision 68): wait for the app (the
      // member's menu) and for the recorder's section to be live before tabbing to it.
      await page.getByRole('button', { name: 'User menu' }).waitFor();
      await expect.poll(() => start.isEnabled()).toBe(true);
      await tabTo(page, 'Start Recording');
      await page.keyboard.press('Enter');
      await card.getByText('RECORDING IN PROGRESS...').waitFor();
      await expectFocusOn(page, 'Stop Recording');
      // No animation keeps running (the pulse, the ping of the indicator).
      const running = () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter((a) => a.playState === 'running')
              .map((a) => (a.effect as KeyframeEffect | null)?.target?.className ?? '?').length,
        );
      await expect.poll(running).toBe(0);
      expect(await stop.evaluate((el) => el.getAnimations().length)).toBe(0);

      // A second of recording, as a member would make: stopped at once, a loaded machine may not have
      // recorded anything yet ('Nothing was recorded').
      await card.getByText('0:01').waitFor();
      await page.keyboard.press('Enter');
      await card.getByText('RECORDING IN PROGRESS...').waitFor({ state: 'detached' });
      await expectFocusOn(page, 'Start Recording');
      await toasts(page).getByText('Recording saved', { exact: true }).waitFor();
      await expectFocusOn(page, 'Start Recording');
      // Available again once the save has settled (the toast comes first, in the upload's success).
      await expect.poll(() => start.isEnabled()).toBe(true);
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it("'Analyse clip' hands focus to Cancel, Cancel back to 'Analyse clip', and the finished run to 'Analyse clip again'", async () => {
    const { page } = f;
    const tool = await openTool(f);
    const input = tool.getByLabel('Load video or image', { exact: true });
    await input.setInputFiles(ATHLETE_MP4);
    await waitForData(canvasIn(tool), 'media', 'video');
    await turnPoseOn(tool);
    const pose = poseControls(tool);
    const analyse = pose.getByRole('button', { name: 'Analyse clip', exact: true });

    // A clip of 300 frames, which takes long enough to analyse that Cancel is still there when pressed.
    await input.setInputFiles(path.join(import.meta.dirname, 'fixtures', 'ten-seconds.webm'));
    const seek = tool.getByRole('slider', { name: 'Seek' });
    await expect.poll(async () => Number(await seek.getAttribute('max'))).toBeGreaterThan(9);
    await analyse.focus();
    await page.keyboard.press('Enter');
    await expectFocusOn(page, 'Cancel');
    await page.keyboard.press('Enter');
    await pose.locator('progress').waitFor({ state: 'detached' });
    await expectFocusOn(page, 'Analyse clip');

    // A run that ends by itself gives focus back too, to the button that now says '… again'.
    await input.setInputFiles(ATHLETE_MP4);
    await expect.poll(async () => Number(await seek.getAttribute('max'))).toBeLessThan(3);
    await analyse.focus();
    await page.keyboard.press('Enter');
    await pose.getByRole('button', { name: 'Analyse clip again' }).waitFor({ timeout: 90_000 });
    await expectFocusOn(page, 'Analyse clip again');
  });
});
