import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, useBrowser } from './fixtures/browser';
import {
  PHYSIOLOGICAL_PAGE,
  canvasIn,
  click,
  drag,
  isRed,
  loadPicture,
  makePng,
  openTool,
  pagePoint,
  pixelAt,
  waitForData,
  waitForTime,
} from './fixtures/analysis';
import { recordTestVideo } from './fixtures/media';
import { ATHLETE_CLIP } from './fixtures/pose';

const f = useBrowser();

const PAGE = PHYSIOLOGICAL_PAGE;

describe('video analysis tool', () => {
  it('loads an image, draws a line, measures a right angle, and Clear empties the canvas', async () => {
    const { page } = f;
    const tool = await openTool(f, page);
    const canvas = canvasIn(tool);
    await loadPicture(page, tool);
    await tool.getByText('athlete.png').waitFor();

    // Line: press sets the start, move the end, release saves it; drawn in red where it was drawn.
    const line = tool.getByRole('button', { name: 'Line' });
    await line.click();
    expect(await line.getAttribute('aria-pressed')).toBe('true');
    await drag(page, canvas, [100, 100], [300, 100]);
    await waitForData(canvas, 'annotations', '1');
    await expect.poll(() => pixelAt(tool, 200, 100).then(isRed)).toBe(true);

    // Angle: press on the vertex and drag the first arm, release; then a click marks the second arm.
    const angle = tool.getByRole('button', { name: 'Angle' });
    await angle.click();
    expect(await line.getAttribute('aria-pressed')).toBe('false');
    expect(await angle.getAttribute('aria-pressed')).toBe('true');
    await drag(page, canvas, [400, 300], [400, 150]);
    await click(page, canvas, [550, 300]);
    const banner = tool.getByRole('status').getByText('Measured Angle: 90.0°');
    await banner.waitFor();
    await waitForData(canvas, 'annotations', '2');
    // It goes after 3 s on its own.
    await banner.waitFor({ state: 'detached', timeout: 6_000 });

    // Export: the frame with its drawings, as a PNG file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tool.getByRole('button', { name: 'Export frame as PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('analysis-frame.png');
    const png = await fs.readFile((await download.path())!);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1600); // twice the logical width
    // Taller than the frame: the angle's value is written in a band under it.
    expect(png.readUInt32BE(20)).toBeGreaterThan(800);

    // Clicking the active tool turns it off.
    await angle.click();
    expect(await angle.getAttribute('aria-pressed')).toBe('false');
    await waitForData(canvas, 'tool', 'none');

    // No tool: a drag pans the view, and the line goes with the picture.
    expect(isRed(await pixelAt(tool, 350, 100))).toBe(false);
    await drag(page, canvas, [600, 350], [700, 350]);
    await expect.poll(() => pixelAt(tool, 350, 100).then(isRed)).toBe(true);

    // Undo drops the angle; Clear drops the rest, and the red line is gone from the picture.
    await tool.getByRole('button', { name: 'Undo' }).click();
    await waitForData(canvas, 'annotations', '1');
    await tool.getByRole('button', { name: 'Clear drawings' }).click();
    await waitForData(canvas, 'annotations', '0');
    await expect.poll(() => pixelAt(tool, 300, 100).then(isRed)).toBe(false);
  });

  it('answers the keyboard shortcuts while focus is in the tool, but not while the member types in a field', async () => {
    const { page } = f;
    const tool = await openTool(f, page);
    const canvas = canvasIn(tool);
    await loadPicture(page, tool);
    // Nothing focused: the keys are not the tool's.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('l');
    expect(await canvas.getAttribute('data-tool')).toBe('none');
    // The canvas focused: they are.
    await canvas.focus();
    await page.keyboard.press('l');
    await waitForData(canvas, 'tool', 'line');
    expect(await tool.getByRole('button', { name: 'Line' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('a');
    await waitForData(canvas, 'tool', 'angle');
    await page.keyboard.press('Escape');
    await waitForData(canvas, 'tool', 'none');
    await page.keyboard.press('d');
    await waitForData(canvas, 'tool', 'draw');
    await drag(page, canvas, [200, 200], [320, 260]);
    await waitForData(canvas, 'annotations', '1');
    await page.keyboard.press('Control+z');
    await waitForData(canvas, 'annotations', '0');

    const field = page.getByRole('textbox').first();
    await field.click();
    await page.keyboard.type('la');
    expect(await canvas.getAttribute('data-tool')).toBe('draw');
    expect(await field.inputValue()).toContain('la');
  });

  it('draws an angle and a line by keyboard alone, and lists them as text', async () => {
    const { page } = f;
    const tool = await openTool(f, page);
    const canvas = canvasIn(tool);
    await loadPicture(page, tool);
    const list = tool.getByRole('list', { name: 'Annotations' });
    const said = (text: string) => tool.getByRole('status').getByText(text, { exact: false }).waitFor();

    // Tab from the last button of the toolbar (Post, after Export) to the canvas, which says how to use it.
    await tool.getByRole('button', { name: 'Post', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await canvas.evaluate((el) => el === document.activeElement)).toBe(true);
    const describedBy = (await canvas.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain('arrow keys');

    // A: the angle tool. The crosshair starts in the middle (400, 200); Shift moves it 25 px a step.
    await page.keyboard.press('a');
    await waitForData(canvas, 'tool', 'angle');
    expect(await tool.getByRole('button', { name: 'Angle' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    await said('Vertex set');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Enter');
    await said('First arm set');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowDown');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight');
    // The crosshair shows where the next point goes: its right arm, white, 9 px right of (500, 200)
    // (read on the rows around it: the canvas is drawn a little smaller than 800 px here).
    const whitest = async () => {
      const rows = await Promise.all([199, 200, 201].map((y) => pixelAt(tool, 509, y)));
      return Math.max(...rows.map((rgb) => Math.min(...rgb)));
    };
    await expect.poll(whitest).toBeGreaterThan(230);
    await page.keyboard.press('Space');
    await tool.getByRole('status').getByText('Measured Angle: 90.0°').waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toEqual(['Angle 1: 90.0°']);

    // L: a line 100 canvas px long, which is 180 px of the 1280 × 720 picture shown at 800 × 400.
    await page.keyboard.press('l');
    await page.keyboard.press('Enter');
    await said('Line start set');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Enter');
    await said('Line 1: 180 px added');
    expect(await list.getByRole('listitem').allTextContents()).toEqual(['Angle 1: 90.0°', 'Line 1: 180 px']);

    // Escape turns the tool off; then the arrows pan the zoomed picture (the angle's upright arm, at
    // x 400 from y 50 to 200 after zooming 1.5× about the middle, goes 100 px left with Shift+→).
    await page.keyboard.press('Escape');
    await waitForData(canvas, 'tool', 'none');
    await page.keyboard.press('+');
    await waitForData(canvas, 'zoom', '1.5');
    const isYellow = ([r, g, b]: number[]) => r! > 200 && g! > 170 && b! < 100;
    await expect.poll(() => pixelAt(tool, 400, 150).then(isYellow)).toBe(true);
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => pixelAt(tool, 300, 150).then(isYellow)).toBe(true);
    expect(isYellow(await pixelAt(tool, 400, 150))).toBe(false);

    // Undo by keyboard, heard and gone from the list.
    await page.keyboard.press('Control+z');
    await said('Removed Line 1: 180 px');
    expect(await list.getByRole('listitem').allTextContents()).toEqual(['Angle 1: 90.0°']);

    // L typed in a text field elsewhere on the page is the field's, not the tool's; nor with nothing focused.
    const field = page.getByRole('textbox').first();
    await field.click();
    await page.keyboard.type('L');
    expect(await field.inputValue()).toContain('L');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('l');
    expect(await canvas.getAttribute('data-tool')).toBe('none');
    expect(await tool.getByRole('button', { name: 'Line' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('the side-by-side players take the keyboard each on its own canvas, each with its own list', async () => {
    const { page } = f;
    await openTool(f, page);
    const two = page.getByRole('region', { name: 'Player 2 - Member 2' });
    const canvas = canvasIn(two);
    await canvas.waitFor();
    expect(await canvas.getAttribute('aria-describedby')).not.toBe(
      await canvasIn(page.getByRole('region', { name: 'Video Analysis' })).getAttribute('aria-describedby'),
    );
    await canvas.focus();
    await page.keyboard.press('l');
    await waitForData(canvas, 'tool', 'line');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Enter');
    // Nothing loaded: the canvas's own pixels.
    expect(
      await two.getByRole('list', { name: 'Annotations' }).getByRole('listitem').allTextContents(),
    ).toEqual(['Line 1: 25 px']);
    const one = page.getByRole('region', { name: 'Player 1 - Member 1' });
    expect(await canvasIn(one).getAttribute('data-tool')).toBe('none');
    expect(await one.getByRole('list', { name: 'Annotations' }).count()).toBe(0);
  });

  it('measures an angle and pinch-zooms with a finger on a phone', async () => {
    const context = await f.browser.newContext({
      baseURL: f.baseURL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    try {
      context.setDefaultTimeout(15_000);
      await signUpViaApi(context, f.baseURL);
      const page = await context.newPage();
      await page.goto(PAGE);
      const tool = page.getByRole('region', { name: 'Video Analysis' });
      const canvas = canvasIn(tool);
      await canvas.waitFor();
      await loadPicture(page, tool);
      await canvas.scrollIntoViewIfNeeded();
      // Lines stay sharp: the drawing surface has a pixel for each of the phone's device pixels.
      const [backing, cssWidth] = await tool
        .locator('canvas[aria-hidden="true"]')
        .evaluate((s: HTMLCanvasElement) => [s.width, s.getBoundingClientRect().width]);
      expect(Math.abs(backing! - cssWidth! * 3)).toBeLessThanOrEqual(2);
      const cdp = await context.newCDPSession(page);
      const touch = async (
        type: 'touchStart' | 'touchMove' | 'touchEnd',
        points: { x: number; y: number }[],
      ) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
        });

      await tool.getByRole('button', { name: 'Angle' }).tap();
      const vertex = await pagePoint(canvas, 400, 300);
      const arm1 = await pagePoint(canvas, 400, 120);
      await touch('touchStart', [vertex]);
      for (let i = 1; i <= 5; i++)
        await touch('touchMove', [{ x: vertex.x, y: vertex.y + ((arm1.y - vertex.y) * i) / 5 }]);
      await touch('touchEnd', []);
      const arm2 = await pagePoint(canvas, 600, 300);
      await touch('touchStart', [arm2]);
      await touch('touchEnd', []);
      await tool.getByRole('status').getByText('Measured Angle: 90.0°').waitFor();
      await waitForData(canvas, 'annotations', '1');

      // No tool: two fingers moving apart zoom in.
      await tool.getByRole('button', { name: 'Angle' }).tap();
      await waitForData(canvas, 'tool', 'none');
      const c = await pagePoint(canvas, 400, 200);
      await touch('touchStart', [
        { x: c.x - 20, y: c.y },
        { x: c.x + 20, y: c.y },
      ]);
      for (let i = 1; i <= 5; i++)
        await touch('touchMove', [
          { x: c.x - 20 - i * 8, y: c.y },
          { x: c.x + 20 + i * 8, y: c.y },
        ]);
      await touch('touchEnd', []);
      await page.waitForFunction(
        (el) => Number((el as HTMLElement).dataset.zoom) > 1.5,
        await canvas.elementHandle(),
      );
    } finally {
      await context.close();
    }
  });

  it('ignores a file that is neither a video nor an image', async () => {
    const { page } = f;
    const tool = await openTool(f, page);
    const canvas = canvasIn(tool);
    const input = tool.getByLabel('Load video or image', { exact: true });
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await canvas.getAttribute('data-media')).toBe('none');
    await input.setInputFiles({ name: 'athlete.png', mimeType: 'image/png', buffer: await makePng(page) });
    await waitForData(canvas, 'media', 'image');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await canvas.getAttribute('data-media')).toBe('image');
    await tool.getByText('athlete.png').waitFor();
    expect(await tool.getByText('notes.txt').count()).toBe(0);
  });

  it('zooms no further than 4× and no less than 0.5×, by the buttons and the wheel', async () => {
    const { page } = f;
    const tool = await openTool(f, page);
    const canvas = canvasIn(tool);
    const zoomIn = tool.getByRole('button', { name: 'Zoom in' });
    const zoomOut = tool.getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < 12 && (await zoomIn.isEnabled()); i++) await zoomIn.click();
    expect(await zoomIn.isEnabled()).toBe(false);
    await tool.getByText('400%').waitFor();
    expect(await canvas.getAttribute('data-zoom')).toBe('4');
    const centre = await pagePoint(canvas, 400, 200);
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -2000);
    await page.mouse.wheel(0, -2000);
    await waitForData(canvas, 'zoom', '4');

    for (let i = 0; i < 12 && (await zoomOut.isEnabled()); i++) await zoomOut.click();
    expect(await zoomOut.isEnabled()).toBe(false);
    await tool.getByText('50%').waitFor();
    await page.mouse.wheel(0, 2000);
    await page.mouse.wheel(0, 2000);
    await waitForData(canvas, 'zoom', '0.5');

    await tool.getByRole('button', { name: 'Reset zoom' }).click();
    await tool.getByText('100%').waitFor();
  });

  it('plays, pauses, changes speed, seeks and steps a WebM', async () => {
    const { page } = f;
    const tool = await openTool(f, page);
    const canvas = canvasIn(tool);
    const webm = await recordTestVideo(page, 2.5);
    await tool
      .getByLabel('Load video or image', { exact: true })
      .setInputFiles({ name: 'sprint.webm', mimeType: 'video/webm', buffer: webm });
    await waitForData(canvas, 'media', 'video');
    const seek = tool.getByRole('slider', { name: 'Seek' });
    await page.waitForFunction(
      (el) => !(el as HTMLInputElement).disabled && Number((el as HTMLInputElement).max) > 2,
      await seek.elementHandle(),
    );

    await tool.getByRole('button', { name: 'Play', exact: true }).click();
    await tool.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await page.waitForFunction(
      (el) => Number((el as HTMLInputElement).value) > 0.2,
      await seek.elementHandle(),
    );
    await tool.getByRole('button', { name: 'Pause', exact: true }).click();
    await tool.getByRole('button', { name: 'Play', exact: true }).waitFor();

    await tool.getByLabel('Speed').selectOption('0.5');
    expect(await tool.getByLabel('Speed').inputValue()).toBe('0.5');
    await waitForData(canvas, 'rate', '0.5');

    await seek.fill('1.5');
    expect(await waitForTime(tool, 1.5)).toBeCloseTo(1.5, 1);
    await tool.getByText('0:01.50', { exact: false }).waitFor();

    // A frame forward, then back (30 fps until the video tells its rate).
    await tool.getByRole('button', { name: 'Next frame' }).click();
    await page.waitForFunction(
      (el) => Number((el as HTMLInputElement).value) > 1.51,
      await seek.elementHandle(),
    );
    await tool.getByRole('button', { name: 'Previous frame' }).click();
    await page.waitForFunction(
      (el) => Number((el as HTMLInputElement).value) < 1.52,
      await seek.elementHandle(),
    );
  });

  it("Sync keeps two players' times apart by the offset they had when it was turned on", async () => {
    const { page } = f;
    await openTool(f, page);
    const one = page.getByRole('region', { name: 'Player 1 - Member 1' });
    const two = page.getByRole('region', { name: 'Player 2 - Member 2' });
    await canvasIn(two).waitFor();
    const webm = await recordTestVideo(page, 2.5);
    for (const [player, label] of [
      [one, 'Player 1 - Member 1'],
      [two, 'Player 2 - Member 2'],
    ] as const) {
      await player
        .getByLabel(`Load video or image for ${label}`)
        .setInputFiles({ name: 'athlete.webm', mimeType: 'video/webm', buffer: webm });
      await waitForData(canvasIn(player), 'media', 'video');
      await page.waitForFunction(
        (el) => Number((el as HTMLInputElement).max) > 2,
        await player.getByRole('slider', { name: 'Seek' }).elementHandle(),
      );
    }

    // Player 2 starts half a second ahead.
    await two.getByRole('slider', { name: 'Seek' }).fill('0.5');
    await waitForTime(two, 0.5);
    const sync = page.getByRole('switch', { name: 'Sync' });
    await sync.click();
    expect(await sync.getAttribute('aria-checked')).toBe('true');

    await one.getByRole('slider', { name: 'Seek' }).fill('1');
    const t1 = await waitForTime(one, 1);
    const t2 = await waitForTime(two, 1.5);
    expect(t2 - t1).toBeCloseTo(0.5, 1);

    // And from the other side.
    await two.getByRole('slider', { name: 'Seek' }).fill('0.8');
    expect(await waitForTime(one, 0.3)).toBeCloseTo(0.3, 1);

    // Speed and play/pause follow too.
    await one.getByLabel('Speed').selectOption('0.25');
    await waitForData(canvasIn(two), 'rate', '0.25');
    await one.getByRole('button', { name: 'Play', exact: true }).click();
    await two.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await one.getByRole('button', { name: 'Pause', exact: true }).click();
    await two.getByRole('button', { name: 'Play', exact: true }).waitFor();
    const a = Number(await one.getByRole('slider', { name: 'Seek' }).inputValue());
    expect(await waitForTime(two, a + 0.5)).toBeCloseTo(a + 0.5, 1);

    // Turned off, a seek moves one player only.
    await sync.click();
    await one.getByRole('slider', { name: 'Seek' }).fill('2');
    await waitForTime(one, 2);
    expect(Number(await two.getByRole('slider', { name: 'Seek' }).inputValue())).toBeCloseTo(a + 0.5, 1);
  });

  it('shows the stage and its playback bar above the fixed footer at 1280 × 800, and on a phone once scrolled to', async () => {
    const { page } = f;
    const tool = await openTool(f);
    await tool.getByLabel('Load video or image', { exact: true }).setInputFiles(ATHLETE_CLIP);
    await waitForData(canvasIn(tool), 'media', 'video');
    const stage = canvasIn(tool);
    const playback = tool.getByRole('group', { name: 'Playback' });
    const footer = page.locator('footer[data-app-chrome]');
    const header = page.locator('header[data-app-chrome]');
    const box = async (locator: typeof stage) => (await locator.boundingBox())!;

    // The first screen, as the page opens: nothing scrolled.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const footerTop = (await box(footer)).y;
    const bar = await box(playback);
    const canvas = await box(stage);
    expect(bar.y + bar.height, "the playback bar's bottom").toBeLessThanOrEqual(footerTop);
    expect(canvas.y + canvas.height, "the stage's bottom").toBeLessThanOrEqual(bar.y);
    // Still a stage to work on, not a thumbnail.
    expect(canvas.width).toBeGreaterThanOrEqual(480);
    // And the end of the page clears the footer too: room is kept under the last card.
    const end = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const main = document.getElementById('main-content')!;
      const last = main.lastElementChild!.getBoundingClientRect();
      return { last: last.bottom, footer: document.querySelector('footer')!.getBoundingClientRect().top };
    });
    expect(end.last).toBeLessThanOrEqual(end.footer);

    // A phone: the controls are further down, reached by scrolling, and not under the header or footer
    // once scrolled to.
    await page.setViewportSize({ width: 375, height: 667 });
    for (const control of [
      stage,
      playback.getByRole('button', { name: 'Play' }),
      playback.getByRole('slider', { name: 'Seek' }),
      playback.getByRole('combobox', { name: 'Speed' }),
    ]) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await control.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const [c, top, bottom] = [await box(control), await box(header), await box(footer)];
      expect(c.y, 'below the header').toBeGreaterThanOrEqual(top.y + top.height - 0.5);
      expect(c.y + c.height, 'above the footer').toBeLessThanOrEqual(bottom.y + 0.5);
    }
  });
});
