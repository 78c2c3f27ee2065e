// Sessions (issue 34 §2, decision 82): a coach sets a session with a meeting link on /events; a member
// finds it from the user menu, says Going by keyboard, then sees the meeting link, the .ics link, and
// the Next session card on the home page; the coach sees who comes.
import { describe, expect, it } from 'vitest';
import { signInAsAdmin, signUpViaApi, toasts, useBrowser } from './fixtures/browser';

const f = useBrowser();

/** A date-time input's value, local to the browser, `hours` from now on the hour. */
function localInput(hours: number): string {
  const d = new Date(Date.now() + hours * 60 * 60 * 1000);
  d.setMinutes(0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

describe('Sessions', () => {
  it('a coach sets a session; a member answers Going, sees the meeting link and the Next session card', async () => {
    const { browser, baseURL, context: coach, page: coachPage } = f;
    const member = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    try {
      const athlete = await signUpViaApi(member, baseURL);
      const title = `Film study ${Date.now().toString(36)}`;
      const link = 'https://meet.example.com/film-study';

      // The coach: New session, online, on /events.
      await signInAsAdmin(coach, baseURL);
      await coachPage.goto('/events');
      await coachPage.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
      await coachPage.getByRole('button', { name: 'New session' }).click();
      const form = coachPage.getByRole('region', { name: 'New session' });
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Description').fill('Bring your notes');
      await form.getByLabel('Date and time').fill(localInput(3));
      await form.getByLabel('Duration (minutes)').fill('45');
      await form.getByRole('radio', { name: 'Online', exact: true }).check();
      await form.getByLabel('Meeting link', { exact: true }).fill(link);
      await form.getByRole('button', { name: 'Create session' }).click();
      await toasts(coachPage).filter({ hasText: 'Session set' }).waitFor();
      const coachCard = coachPage.getByRole('article', { name: title });
      await coachCard.getByText('45 min').waitFor();
      // A coach sees the link whether going or not.
      await coachCard.getByRole('link', { name: 'Join the meeting' }).waitFor();

      // The member, from the user menu: no link until Going.
      const page = await member.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Sessions' }).click();
      await page.waitForURL('**/events');
      const card = page.getByRole('article', { name: title });
      await card.getByText('The meeting link shows here once you say you are going.').waitFor();
      expect(await card.getByRole('link', { name: 'Join the meeting' }).count()).toBe(0);
      expect(await page.content()).not.toContain(link);
      // The answer by keyboard: focus Maybe, then the arrow keys move and choose.
      const answers = card.getByRole('radiogroup', { name: `Your answer for ${title}` });
      await answers.getByRole('radio', { name: 'Maybe' }).click();
      await expect
        .poll(() => answers.getByRole('radio', { name: 'Maybe' }).getAttribute('aria-checked'))
        .toBe('true');
      await page.keyboard.press('ArrowLeft');
      await expect
        .poll(() => answers.getByRole('radio', { name: 'Going' }).getAttribute('aria-checked'))
        .toBe('true');
      const join = card.getByRole('link', { name: 'Join the meeting' });
      await join.waitFor();
      expect(await join.getAttribute('href')).toBe(link);
      const ics = card.getByRole('link', { name: /^Add to calendar/ });
      expect(await ics.getAttribute('href')).toMatch(/^\/api\/events\/[0-9a-f-]{36}\.ics$/);
      const file = await member.request.get(`${baseURL}${await ics.getAttribute('href')}`);
      expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect(await file.text()).toContain(`LOCATION:${link}`);

      // Home: the Next session card, with the answer, leading back to the session.
      await page.goto('/');
      const next = page.getByRole('region', { name: title });
      await next.getByText('You said: Going').waitFor();
      await next.getByRole('link').click();
      // Highlighted and focused; the address then drops the parameter, the highlight stays.
      await expect
        .poll(() => page.getByRole('article', { name: title }).getAttribute('data-highlighted'))
        .toBe('true');
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/events');
      expect(await page.getByRole('article', { name: title }).getAttribute('data-highlighted')).toBe('true');
      expect(
        await page.getByRole('article', { name: title }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
      // A link to a session no longer there says so.
      await page.goto('/events?event=00000000-0000-4000-8000-000000000000');
      await toasts(page).filter({ hasText: 'That session is over or was cancelled' }).waitFor();
      await expect.poll(() => new URL(page.url()).search).toBe('');

      // The coach sees who comes.
      await coachPage.reload();
      const who = coachPage.getByRole('article', { name: title }).getByText(/Who comes \(1 going/);
      await who.click();
      await coachPage
        .getByRole('article', { name: title })
        .getByRole('listitem')
        .filter({ hasText: athlete.user.name })
        .getByText('Going')
        .waitFor();
    } finally {
      await member.close();
    }
  });
});
