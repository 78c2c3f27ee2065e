import type { ElementHandle, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';
import { canvasIn, openTool } from './fixtures/analysis';
import { openChat } from './fixtures/chat';
import { signUpViaApi } from './fixtures/browser';
import { tabTo } from './fixtures/focus';

const f = useBrowser();

/** The tooltip showing `text` (Radix repeats it in a hidden element with the tooltip role). */
const tooltip = (page: Page, text: string | RegExp) => page.getByRole('tooltip').filter({ hasText: text });

/** A tool's tooltip: its name and key where the button is an icon, else its key (analysis-controls.tsx). */
const LINE_TIP = /^(Line \(L\)|Shortcut: L)$/;
const ANGLE_TIP = /^(Angle \(A\)|Shortcut: A)$/;

/** Radix's tooltip state on a trigger; null while no tooltip is mounted for it (decision 84). */
const state = (button: Locator) => button.getAttribute('data-state');

/**
 * Moves the pointer onto the element in steps, as a hand does: Radix ignores the first move that leaves
 * an open tooltip's trigger (the pointer is "in transit" towards the tooltip), as it always has.
 */
async function pointTo(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
}

/** Whether `handle` is still the element the locator finds, in the page, and what it says about itself. */
function sameNode(button: Locator, handle: ElementHandle) {
  return button.evaluate(
    (el, before) => ({
      same: el === before,
      connected: (before as Element).isConnected,
      focused: document.activeElement === before,
      hovered: (before as Element).matches(':hover'),
    }),
    handle,
  );
}

// Decision 84: a tooltip's Radix parts are mounted on its trigger's first use, beside the element the
// page already shows, which keeps its node (and so its focus and hover) across the mount.
describe('tooltips, mounted on first use', () => {
  it('on the analysis tools: none mounted at first; hover shows one after 700 ms and Tab at once, on the same button, which keeps its focus', async () => {
    const { page } = f;
    const tool = await openTool(f);
    // The engine is made (and its controls drawn with it) once the page is idle: wait for it.
    await page.waitForFunction(
      (el) => (el as HTMLElement).dataset.tool !== undefined,
      await canvasIn(tool).elementHandle(),
    );
    const tools = tool.getByRole('group', { name: 'Tools' });
    const line = tools.getByRole('button', { name: 'Line' });
    const angle = tools.getByRole('button', { name: 'Angle' });

    // Nothing of Radix's tooltips yet: no trigger carries its state, and no tooltip is in the page.
    expect(await tools.locator('[data-state]').count()).toBe(0);
    expect(await tools.locator('[aria-describedby]').count()).toBe(0);
    expect(await page.locator('[data-radix-popper-content-wrapper]').count()).toBe(0);

    // Hover: the tooltip comes after its delay, beside the same button, still under the pointer.
    const lineBefore = await line.elementHandle();
    const hovered = Date.now();
    await line.hover();
    await tooltip(page, LINE_TIP).waitFor();
    expect(Date.now() - hovered).toBeGreaterThanOrEqual(700);
    expect(await state(line)).toBe('delayed-open');
    expect(await sameNode(line, lineBefore!)).toMatchObject({ same: true, connected: true, hovered: true });
    const describedBy = await line.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(LINE_TIP);
    // Beside its button: above it (Radix's default side), horizontally over it.
    const [buttonBox, tipBox] = await Promise.all([
      line.boundingBox(),
      page.locator('[data-radix-popper-content-wrapper]').boundingBox(),
    ]);
    expect(tipBox!.y + tipBox!.height).toBeLessThanOrEqual(buttonBox!.y + 1);
    expect(tipBox!.x).toBeLessThan(buttonBox!.x + buttonBox!.width);
    expect(tipBox!.x + tipBox!.width).toBeGreaterThan(buttonBox!.x);
    // Only the hovered button's tooltip was mounted.
    expect(await state(angle)).toBeNull();

    // Escape closes it; the pointer leaving and coming back opens it again after the delay.
    await page.keyboard.press('Escape');
    await tooltip(page, LINE_TIP).waitFor({ state: 'detached' });
    await page.mouse.move(0, 0);
    await line.hover();
    await tooltip(page, LINE_TIP).waitFor();
    // A press closes it.
    await line.click();
    await tooltip(page, LINE_TIP).waitFor({ state: 'detached' });
    await line.click(); // the line tool off again

    // Keyboard: Tab from Line to Angle, whose tooltip shows at once (keyboard focus), on the same node.
    const angleBefore = await angle.elementHandle();
    await page.mouse.move(0, 0);
    await line.focus();
    await tabTo(page, 'Angle', { max: 1 });
    await tooltip(page, ANGLE_TIP).waitFor();
    expect(await state(angle)).toBe('instant-open');
    expect(await sameNode(angle, angleBefore!)).toMatchObject({ same: true, connected: true, focused: true });
    // Tab on: focus moves on, the tooltip goes.
    await page.keyboard.press('Tab');
    await tooltip(page, ANGLE_TIP).waitFor({ state: 'detached' });
  });

  it('between neighbours: once one has shown, the next shows at once (the skip delay)', async () => {
    const { page } = f;
    const tool = await openTool(f);
    await page.waitForFunction(
      (el) => (el as HTMLElement).dataset.tool !== undefined,
      await canvasIn(tool).elementHandle(),
    );
    const measure = tool.getByRole('group', { name: 'Measure' });
    const stopwatch = measure.getByRole('button', { name: 'Stopwatch' });
    const trajectory = measure.getByRole('button', { name: 'Trajectory' });
    await stopwatch.hover();
    await tooltip(page, 'Stopwatch (S)').waitFor();
    expect(await state(trajectory)).toBeNull();
    await pointTo(page, trajectory);
    await tooltip(page, 'Trajectory (T)').waitFor();
    expect(await state(trajectory)).toBe('instant-open');
  });

  it("the chat's send button and the header's user menu still show theirs", async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await openChat(page);
    const send = page.getByRole('button', { name: 'Send message' });
    const before = await send.elementHandle();
    expect(await state(send)).toBeNull();
    // The button is disabled while the message box is empty: a disabled button gets no pointer events.
    await page.getByRole('textbox', { name: 'Message' }).fill('hello');
    await send.hover();
    await tooltip(page, 'Send message').waitFor();
    expect(await sameNode(send, before!)).toMatchObject({ same: true, connected: true, hovered: true });

    await pointTo(page, page.getByRole('button', { name: 'User menu' }));
    await tooltip(page, 'User menu').waitFor();
  });
});
