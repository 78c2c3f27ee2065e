import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, useBrowser } from './fixtures/browser';

const f = useBrowser();

/**
 * Holds the answers for the chunks whose file name matches `chunk` until `release` is called: the page
 * the server drew shows, but that part of it is not running yet.
 */
async function holdChunk(page: Page, chunk: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(chunk, async (route: Route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

const PAGE = '/think-tanks/physiological';
/** The analysis tool's card on the page. */
const tool = (page: Page) => page.locator('section[aria-labelledby="analysis-tool-title"]');

// Decision 65: the physiological page is hydrated in parts, its engines made when the browser is idle,
// and its lower sections later still. A press made before the part it lands on is running is kept.
describe('the first press on the physiological page, while it loads', () => {
  it('keeps a press on a tool button made before the tool runs', async () => {
    const { page, context } = f;
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpViaApi(context, f.baseURL);
    const held = await holdChunk(page, /\/assets\/analysis-tool-[\w-]+\.js$/);
    await page.goto(PAGE, { waitUntil: 'domcontentloaded' });
    const line = tool(page).getByRole('group', { name: 'Tools' }).getByRole('button', { name: 'Line' });
    expect(await line.getAttribute('aria-pressed')).toBe('false');
    await line.click();
    await expect.poll(() => held.asked(), { message: 'the tool is being loaded' }).toBe(true);
    held.release();
    await expect.poll(() => line.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
  });

  it('keeps a press on the stage made before the tool runs: the canvas has focus, and its keys work', async () => {
    const { page, context } = f;
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpViaApi(context, f.baseURL);
    const held = await holdChunk(page, /\/assets\/analysis-tool-[\w-]+\.js$/);
    await page.goto(PAGE, { waitUntil: 'domcontentloaded' });
    // The stage's hint lets presses through to the stage under it.
    const hint = tool(page).getByText('Load a video or image to analyse');
    const box = (await hint.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => held.asked(), { message: 'the tool is being loaded' }).toBe(true);
    expect(await tool(page).locator('canvas').count()).toBe(0);
    held.release();
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const active = document.activeElement;
            return (
              active instanceof HTMLCanvasElement &&
              active.closest('section')?.getAttribute('aria-labelledby')
            );
          }),
        { timeout: 15_000 },
      )
      .toBe('analysis-tool-title');
    // The canvas's keys are the tool's: L picks the line tool.
    await page.keyboard.press('l');
    const line = tool(page).getByRole('group', { name: 'Tools' }).getByRole('button', { name: 'Line' });
    await expect.poll(() => line.getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps a press on Side by Side, which comes later, made before it runs', async () => {
    const { page, context } = f;
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpViaApi(context, f.baseURL);
    const held = await holdChunk(page, /\/assets\/two-player-panel-[\w-]+\.js$/);
    await page.goto(PAGE, { waitUntil: 'domcontentloaded' });
    // The rest of the page is running.
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    const sync = page.getByRole('switch', { name: 'Sync' });
    expect(await sync.getAttribute('aria-checked')).toBe('false');
    await sync.click();
    // Its chunk is held, so it cannot have run before the press; the press (or the idle time) asks for it,
    // and that request may reach the network a moment after the click returns.
    await expect.poll(() => held.asked(), { message: 'Side by Side is being loaded' }).toBe(true);
    held.release();
    await expect.poll(() => sync.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');
  });

  it('draws Side by Side where it stays on a phone: nothing above it moves as the page comes to life', async () => {
    const { browser, context } = f;
    await signUpViaApi(context, f.baseURL);
    const phone = { width: 375, height: 812 };
    const title = (page: Page) => page.getByRole('heading', { name: 'Side by Side' });
    const top = (page: Page) => title(page).evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
    // Where the page the server sent puts it, with no script at all.
    const still = await browser.newContext({
      baseURL: f.baseURL,
      viewport: phone,
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const drawn = await still.newPage();
    await drawn.goto(PAGE);
    const before = await top(drawn);
    await still.close();
    // Where it is once the page runs, its tool, recorder and sections hydrated. (A slow phone hydrated
    // the page above it while a finger was on its Sync: the press landed beside it.)
    const { page } = f;
    await page.setViewportSize(phone);
    await page.goto(PAGE);
    await expect
      .poll(() => page.getByRole('button', { name: 'Start Recording' }).isEnabled(), { timeout: 15_000 })
      .toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await top(page)).toBe(before);
  });
});
