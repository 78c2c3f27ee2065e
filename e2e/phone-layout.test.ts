import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin, signUpViaApi, useBrowser } from './fixtures/browser';

const f = useBrowser();

type Glyph = { ch: string; top: number; bottom: number };

/** Where each visible character of the element is drawn (its line's top and bottom), in order. */
function glyphs(element: Locator): Promise<Glyph[]> {
  return element.evaluate((root) => {
    const out: { ch: string; top: number; bottom: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        if (/\s/.test(text[i]!)) continue;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue; // not drawn (sr-only, hidden)
        out.push({ ch: text[i]!, top: rect.top, bottom: rect.bottom });
      }
    }
    return out;
  });
}

/** The lines the glyphs fall on, as the text of each line. */
function lines(all: Glyph[]): string[] {
  const result: { top: number; text: string }[] = [];
  for (const g of all) {
    const line = result.find((l) => Math.abs(l.top - g.top) < 4);
    if (line) line.text += g.ch;
    else result.push({ top: g.top, text: g.ch });
  }
  return result.sort((a, b) => a.top - b.top).map((l) => l.text);
}

const LESSONS = [
  ['/think-tanks/emotional/alter-ego/assessing-data', '406 · Assessing Data'],
  ['/think-tanks/intellectual/understanding-enemy/interception-deception', '214 · Interception Deception'],
  ['/think-tanks/intellectual/understanding-self/optimization-of-learning', '204 · Optimization Of Learning'],
  ['/think-tanks/psychological/stress-management/anxiety-personal-lives', '301 · Anxiety Personal Lives'],
] as const;

describe('lesson pages on a phone', () => {
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 375, height: 812 },
  ]) {
    it(`keeps each title's number with its first word, and each '›' with its crumb, at ${viewport.width} px`, async () => {
      const context = await f.browser.newContext({ baseURL: f.baseURL, viewport });
      try {
        await signUpViaApi(context, f.baseURL);
        const page = await context.newPage();
        for (const [path, title] of LESSONS) {
          await page.goto(path);
          const heading = page.getByRole('heading', { name: title, exact: true });
          await heading.waitFor();
          const [number, first] = title.replace(' · ', ' ').split(' ') as [string, string];
          const firstLine = lines(await glyphs(heading))[0]!;
          // '406·Assessing' on one line: the number never stands alone.
          expect(firstLine.startsWith(`${number}·${first}`), title).toBe(true);
          // Nothing is cut or pushed sideways.
          expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth), title).toBe(true);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
            true,
          );

          // Every separator is on the line of the crumb it leads to.
          const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
          for (let i = 1; i < (await crumbs.count()); i++) {
            const crumb = crumbs.nth(i);
            const separator = await crumb.locator('svg').boundingBox();
            const text = await glyphs(crumb);
            expect(separator, `${title}: crumb ${i}`).not.toBeNull();
            expect(text.length, `${title}: crumb ${i}`).toBeGreaterThan(0);
            const middle = separator!.y + separator!.height / 2;
            expect(middle, `${title}: crumb ${i}`).toBeGreaterThan(text[0]!.top);
            expect(middle, `${title}: crumb ${i}`).toBeLessThan(text[0]!.bottom);
          }
        }
      } finally {
        await context.close();
      }
    });

    it(`keeps 'Lesson Video' on one line beside the admin's upload button at ${viewport.width} px`, async () => {
      const context = await f.browser.newContext({ baseURL: f.baseURL, viewport });
      try {
        await signInAsAdmin(context, f.baseURL);
        const page = await context.newPage();
        await page.goto(LESSONS[1][0]);
        const button = page.getByRole('button', { name: /^(Upload|Replace) Video$/ });
        await button.waitFor();
        const title = page.getByRole('heading', { name: 'Lesson Video', exact: true });
        expect(lines(await glyphs(title))).toHaveLength(1);
        expect(lines(await glyphs(button))).toHaveLength(1);
        const [t, b] = [await title.boundingBox(), await button.boundingBox()];
        // Side by side (or the button below, should it not fit), never over each other.
        expect(t!.x + t!.width <= b!.x || t!.y + t!.height <= b!.y).toBe(true);
        expect(b!.x + b!.width).toBeLessThanOrEqual(viewport.width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
      } finally {
        await context.close();
      }
    });
  }
});

describe("the admin's member credentials on a phone", () => {
  it('keeps every member card, and all in it, inside the dialog at 375 px, a long address wrapping or cut with its whole text on hover', async () => {
    const viewport = { width: 375, height: 667 };
    const context = await f.browser.newContext({ baseURL: f.baseURL, viewport });
    try {
      // A member whose address is as long as a work address can be, so that nothing fits by luck.
      const long = `${'pentathlon-training-group'.repeat(2)}${Date.now().toString(36)}`;
      const member = await signUpViaApi(context, f.baseURL, `${long}@coaching-association.example.com`);
      await context.clearCookies();
      await signInAsAdmin(context, f.baseURL);
      const page = await context.newPage();
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Member Credentials' }).click();
      const dialog = page.getByRole('dialog', { name: 'Member Credentials' });
      const cards = dialog.getByRole('list', { name: 'Members' }).getByRole('listitem');
      await cards.first().waitFor();
      const card = cards.filter({ hasText: member.email });
      await card.waitFor();

      const outside = await dialog.evaluate((panel) => {
        const box = panel.getBoundingClientRect();
        const out: string[] = [];
        const cardsInPanel = [...panel.querySelectorAll('ul[aria-label="Members"] > li')];
        for (const el of cardsInPanel.flatMap((li) => [li, ...li.querySelectorAll('*')])) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue; // not drawn
          if (r.left < box.left - 0.5 || r.right > box.right + 0.5) {
            out.push(`${el.tagName} '${(el.textContent ?? '').slice(0, 40)}' ${r.left}–${r.right}`);
          }
        }
        // Nor over each other: the name and the address end where the card's buttons begin.
        for (const li of cardsInPanel) {
          const copy = li.querySelector('button')!.getBoundingClientRect();
          for (const text of li.querySelectorAll('a, p')) {
            const r = text.getBoundingClientRect();
            const beside = r.bottom > copy.top && r.top < copy.bottom;
            if (beside && r.right > copy.left + 0.5) {
              out.push(`'${(text.textContent ?? '').slice(0, 40)}' runs under the copy button`);
            }
          }
        }
        if (cardsInPanel.length === 0) out.push('no cards');
        return { out, box: [box.left, box.right], scrolls: panel.scrollWidth > panel.clientWidth };
      });
      expect(outside.out, `outside the dialog's ${outside.box.join('–')}`).toEqual([]);
      expect(outside.scrolls).toBe(false);
      expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(viewport.width);
      // A shortened address still says itself in full.
      const address = card.getByText(member.email, { exact: true });
      const cut = await address.evaluate((el) => el.scrollWidth > el.clientWidth);
      if (cut) expect(await address.getAttribute('title')).toBe(member.email);
    } finally {
      await context.close();
    }
  });
});
