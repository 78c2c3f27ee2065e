// The leaderboard (issue 34 §3, decision 83): a member posts an attempt and finds themselves ranked on
// the board, reached from the user menu; the Week, Month and All time tabs, by pointer and by keyboard.
import { describe, expect, it } from 'vitest';
import { CURRICULUM } from '@common/progress';
import { signUpViaApi, TINY_PNG, useBrowser } from './fixtures/browser';

const f = useBrowser();

describe('the leaderboard', () => {
  it('shows a member ranked after posting an attempt, with the week, month and all time as tabs', async () => {
    const { browser, baseURL } = f;
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    try {
      const { user } = await signUpViaApi(context, baseURL);
      // Three attempts (the most that earn points in a day) and four lessons: 55 points, enough to be
      // among the top 20 whatever the run's other members did.
      for (let i = 0; i < 3; i++) {
        const upload = await context.request.post(`${baseURL}/api/upload`, {
          multipart: { file: { name: 'frame.png', mimeType: 'image/png', buffer: TINY_PNG } },
        });
        expect(upload.status()).toBe(200);
        const posted = await context.request.post(`${baseURL}/api/attempts`, {
          data: { target: { kind: 'chat' }, caption: `Board rep ${i}`, imageUrl: (await upload.json()).url },
        });
        expect(posted.status()).toBe(201);
      }
      for (const l of CURRICULUM.slice(0, 4)) {
        const done = await context.request.put(
          `${baseURL}/api/progress/${l.thinkTank}/${l.topic}/${l.lesson}`,
        );
        expect(done.status()).toBe(200);
      }
      // The board follows the database's notification within its short delay (decision 83).
      await expect
        .poll(
          async () => {
            const res = await context.request.get(`${baseURL}/api/leaderboard?period=week`);
            return ((await res.json()) as { me: { points: number } | null }).me?.points ?? 0;
          },
          { timeout: 15_000, interval: 250 },
        )
        .toBe(55);

      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Leaderboard' }).click();
      await page.waitForURL('**/leaderboard');
      await page.getByRole('heading', { name: 'Leaderboard' }).waitFor();
      expect(await page.title()).toBe('Leaderboard · Tribe36');
      await page.getByText(/Earn 10 points for each lesson you finish/).waitFor();

      const week = page.getByRole('tab', { name: 'Week' });
      expect(await week.getAttribute('aria-selected')).toBe('true');
      const own = page.getByRole('row').filter({ hasText: `@${user.username} · You` });
      await own.waitFor();
      expect(await own.getByRole('cell').nth(2).textContent()).toBe('55');
      await own.getByText('1 week').waitFor();
      // The name leads to the member's page.
      expect(await own.getByRole('link', { name: user.name }).getAttribute('href')).toBe(
        `/member/${encodeURIComponent(user.username)}`,
      );

      // The tabs: a click, then the arrow keys move between them.
      await page.getByRole('tab', { name: 'Month' }).click();
      await page.getByRole('tabpanel', { name: 'Month' }).getByText(`@${user.username} · You`).waitFor();
      await page.keyboard.press('ArrowRight');
      const all = page.getByRole('tab', { name: 'All time' });
      await expect.poll(() => all.getAttribute('aria-selected')).toBe('true');
      expect(await all.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.getByRole('tabpanel', { name: 'All time' }).getByText(`@${user.username} · You`).waitFor();
      await page.keyboard.press('ArrowLeft');
      await expect
        .poll(() => page.getByRole('tab', { name: 'Month' }).getAttribute('aria-selected'))
        .toBe('true');
    } finally {
      await context.close();
    }
  });
});
