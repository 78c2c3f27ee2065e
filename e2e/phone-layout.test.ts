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
