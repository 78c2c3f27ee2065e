import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';
import { bytesFrom, canvasIn, click, openTool, waitForData } from './fixtures/analysis';
import { poseControls, turnPoseOn } from './fixtures/pose';

const f = useBrowser();

/** athlete.mp4: 1280 × 800 at 15 fps (its boxes say so), shown at half size on the 800 × 400 canvas. */
const ATHLETE_MP4 = path.join(import.meta.dirname, 'fixtures', 'athlete.mp4');

/** An 800 × 400 PNG: shown at 1:1 on the 800 × 400 canvas, so a canvas pixel is a pixel of the picture. */
function makeFlatPng(page: Page) {
  return bytesFrom(page, async () => {
    const c = document.createElement('canvas');
    c.width = 800;
    c.height = 400;
    const g = c.getContext('2d')!;
    g.fillStyle = '#4b5d6b';
    g.fillRect(0, 0, 800, 400);
    const blob = await new Promise<Blob>((resolve) => c.toBlob((b) => resolve(b!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
}

const said = (tool: Locator, text: string) =>
  tool.getByRole('status').getByText(text, { exact: false }).first().waitFor();

/** Presses `key` `times` times (Shift+arrows move the keyboard's crosshair 25 canvas px). */
async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/**
 * With the canvas focused and the crosshair where the reference starts: K, Enter, 100 canvas px to the
 * right, Enter; then the dialog takes its real length.
 */
async function calibrate(page: Page, tool: Locator, length: string, unit: string) {
  await page.keyboard.press('k');
  await waitForData(canvasIn(tool), 'tool', 'calibrate');
  await page.keyboard.press('Enter');
  await said(tool, 'Reference start set');
  await press(page, 'Shift+ArrowRight', 4);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Calibrate' });
  await dialog.waitFor();
  await dialog.getByLabel('Real length').fill(length);
  await dialog.getByLabel('Unit').selectOption(unit);
  await dialog.getByRole('button', { name: 'Calibrate' }).click();
  await dialog.waitFor({ state: 'detached' });
  // The dialog gives the focus back to the canvas a task after it closes: the next key is the canvas's.
  await expect.poll(() => canvasIn(tool).evaluate((canvas) => document.activeElement === canvas)).toBe(true);
}

describe('real units: calibration and trajectory (issue 33, part 3)', () => {
  it('a line over a 100 px reference calibrated to 1 m reads 0.50 m over 50 px, and back in px on reset', async () => {
    const { page } = f;
    const tool = await openTool(f, page);
    const canvas = canvasIn(tool);
    await tool
      .getByLabel('Load video or image', { exact: true })
      .setInputFiles({ name: 'flat.png', mimeType: 'image/png', buffer: await makeFlatPng(page) });
    await waitForData(canvas, 'media', 'image');
    const list = tool.getByRole('list', { name: 'Annotations' });

    // A line of 50 px first, by keyboard from the middle (400, 200): 2 × 25 px to the left.
    await canvas.focus();
    await page.keyboard.press('l');
    await page.keyboard.press('Enter');
    await press(page, 'Shift+ArrowLeft', 2);
    await page.keyboard.press('Enter');
    await said(tool, 'Line 1: 50 px added');

    // Calibrate from (350, 200) to (450, 200): 100 px. The dialog refuses what is not a length.
    await page.keyboard.press('k');
    await page.keyboard.press('Enter');
    await press(page, 'Shift+ArrowRight', 4);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Calibrate' });
    await dialog.getByText('100 px of the picture').waitFor();
    const length = dialog.getByLabel('Real length');
    const submit = dialog.getByRole('button', { name: 'Calibrate' });
    await submit.click();
    await dialog.getByRole('alert').getByText('Type the real length of the line you drew.').waitFor();
    expect(await length.getAttribute('aria-invalid')).toBe('true');
    await length.fill('abc');
    await submit.click();
    await dialog.getByRole('alert').getByText('Type a number, such as 1 or 0.75.').waitFor();
    await length.fill('0');
    await submit.click();
    await dialog.getByRole('alert').getByText('The length must be more than 0.').waitFor();
    // Escape closes it and keeps the player as it was.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await list.getByRole('listitem').allTextContents()).toEqual(['Line 1: 50 px']);

    // Again, from where the crosshair is now (450, 200) back to (350, 200): 1 m.
    await canvas.focus();
    await page.keyboard.press('Enter');
    await press(page, 'Shift+ArrowLeft', 4);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await length.fill('1');
    expect(await dialog.getByLabel('Unit').inputValue()).toBe('m');
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    await said(tool, 'Calibrated: 100 px is 1.00 m');
    expect(await list.getByRole('listitem').allTextContents()).toEqual(['Line 1: 0.50 m']);
    const bar = tool.getByRole('group', { name: 'Measurements' });
    await bar.getByText('100 px = 1.00 m').waitFor();
    // The tool is off after calibrating, and focus is back on the canvas.
    await waitForData(canvas, 'tool', 'none');
    expect(await canvas.evaluate((el) => el === document.activeElement)).toBe(true);

    // A new line of 50 px reads 0.50 m; zooming keeps the calibration (lengths are of the picture).
    await page.keyboard.press('l');
    await page.keyboard.press('Enter');
    await press(page, 'Shift+ArrowDown', 2);
    await page.keyboard.press('Enter');
    await said(tool, 'Line 2: 0.50 m added');
    await page.keyboard.press('+');
    await waitForData(canvas, 'zoom', '1.5');
    expect(await list.getByRole('listitem').allTextContents()).toEqual(['Line 1: 0.50 m', 'Line 2: 0.50 m']);

    // In centimetres: recalibrating the same 100 px as 50 cm makes the 50 px lines 25.0 cm.
    await page.keyboard.press('0');
    await page.keyboard.press('Escape');
    await calibrate(page, tool, '50', 'cm');
    expect(await list.getByRole('listitem').allTextContents()).toEqual([
      'Line 1: 25.0 cm',
      'Line 2: 25.0 cm',
    ]);

    // Reset: pixels again.
    await bar.getByRole('button', { name: 'Reset calibration' }).click();
    await said(tool, 'Calibration reset');
    expect(await list.getByRole('listitem').allTextContents()).toEqual(['Line 1: 50 px', 'Line 2: 50 px']);
    await bar.waitFor({ state: 'detached' });
  });

  it('a trajectory over 5 frames of a 15 fps clip gives its distance and speed in m/s, listed and in the CSV', async () => {
    const { page } = f;
    const tool = await openTool(f, page);
    const canvas = canvasIn(tool);
    await tool.getByLabel('Load video or image', { exact: true }).setInputFiles(ATHLETE_MP4);
    await waitForData(canvas, 'media', 'video');
    // The file's own rate, from its boxes.
    await waitForData(canvas, 'file-fps', '15');
    const list = tool.getByRole('list', { name: 'Annotations' });

    // 100 canvas px (200 px of the 1280 × 800 picture, shown at half size) = 1 m.
    await canvas.focus();
    await calibrate(page, tool, '1', 'm');
    await tool.getByRole('group', { name: 'Measurements' }).getByText('200 px = 1.00 m').waitFor();

    // T: each Enter sets the point on the frame shown and steps to the next. Five points, 25 canvas px
    // apart (0.25 m), on frames 0 to 4.
    await page.keyboard.press('t');
    await waitForData(canvas, 'tool', 'trajectory');
    for (let frame = 0; frame < 5; frame++) {
      if (frame > 0) await page.keyboard.press('Shift+ArrowLeft');
      await page.keyboard.press('Enter');
      await said(tool, `Point ${frame + 1} set on frame ${frame}.`);
    }
    await tool.getByText('Trajectory: 5 points').waitFor();
    // Enter again without moving finishes it: 1 m in 4 frames of 15 fps, 0.267 s, so 3.75 m/s.
    await page.keyboard.press('Enter');
    await said(tool, 'Trajectory 1: 1.00 m in 0.267 s, 3.75 m/s, 5 points added');
    expect(await list.getByRole('listitem').allTextContents()).toEqual([
      'Trajectory 1: 1.00 m in 0.267 s, 3.75 m/s, 5 points',
    ]);
    await waitForData(canvas, 'annotations', '1');

    // Frame steps and zoom keep the calibration and the figures.
    await page.keyboard.press(',');
    await page.keyboard.press('+');
    await waitForData(canvas, 'zoom', '1.5');
    expect(await list.getByRole('listitem').allTextContents()).toEqual([
      'Trajectory 1: 1.00 m in 0.267 s, 3.75 m/s, 5 points',
    ]);

    // The CSV: the whole, then each point with its frame, real time, place and speed.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tool.getByRole('button', { name: 'Measurements CSV' }).click(),
    ]);
    const csv = (await fs.readFile((await download.path())!, 'utf8')).split('\r\n').map((l) => l.split(','));
    const header = csv[0]!;
    const at = (row: string[], column: string) => row[header.indexOf(column)];
    const whole = csv.find((row) => row[0] === 'Trajectory 1')!;
    expect([at(whole, 'length'), at(whole, 'length_unit'), at(whole, 'duration_s')]).toEqual([
      '1.000',
      'm',
      '0.267',
    ]);
    expect(at(whole, 'speed_m_s')).toBe('3.750');
    const points = csv.filter((row) => row[1] === 'trajectory point');
    expect(points.map((row) => at(row, 'frame'))).toEqual(['0', '1', '2', '3', '4']);
    expect(points.map((row) => at(row, 'time_s'))).toEqual(['0.000', '0.067', '0.133', '0.200', '0.267']);
    expect(points.map((row) => at(row, 'length'))).toEqual(['0.000', '0.250', '0.500', '0.750', '1.000']);
    expect(points.slice(1).map((row) => at(row, 'speed_m_s'))).toEqual(['3.750', '3.750', '3.750', '3.750']);

    // By pointer: two clicks on two frames, then Finish.
    await click(page, canvas, [300, 100]);
    await said(tool, 'Point 1 set on frame');
    await click(page, canvas, [350, 100]);
    await said(tool, 'Point 2 set on frame');
    await tool.getByRole('button', { name: 'Finish' }).click();
    await waitForData(canvas, 'annotations', '2');
    expect((await list.getByRole('listitem').allTextContents())[1]).toMatch(
      /^Trajectory 2: 0\.\d\d m in 0\.067 s, /,
    );

    // A new clip starts in pixels again.
    await tool.getByLabel('Load video or image', { exact: true }).setInputFiles(ATHLETE_MP4);
    await waitForData(canvas, 'annotations', '0');
    await tool.getByText('Calibrated:').waitFor({ state: 'detached' });
  });

  it("'Follow joint' makes a trajectory of a pose keypoint through the analysed clip", async () => {
    const { page } = f;
    const tool = await openTool(f, page);
    const canvas = canvasIn(tool);
    await tool.getByLabel('Load video or image', { exact: true }).setInputFiles(ATHLETE_MP4);
    await waitForData(canvas, 'file-fps', '15');
    await canvas.focus();
    await page.keyboard.press('t');
    const follow = tool.getByRole('group', { name: 'Measurements' }).getByLabel('Follow joint');
    // Not before the clip is analysed, and it says why.
    expect(await follow.isDisabled()).toBe(true);
    expect(await follow.getAttribute('aria-describedby')).toBeTruthy();

    await turnPoseOn(tool);
    const pose = poseControls(tool);
    await pose.getByRole('button', { name: 'Analyse clip', exact: true }).click();
    await pose.getByRole('button', { name: 'Analyse clip again' }).waitFor({ timeout: 90_000 });
    await follow.selectOption('Left knee');
    await waitForData(canvas, 'annotations', '1');
    const [text] = await tool
      .getByRole('list', { name: 'Annotations' })
      .getByRole('listitem')
      .allTextContents();
    // Uncalibrated: pixels, and pixels per second of real time; a point on each frame the knee is seen.
    const match = /^Trajectory 1 \(Left knee\): \d+ px in (\d\.\d{3}) s, \d+ px\/s, (\d+) points$/.exec(
      text!,
    );
    expect(match).not.toBeNull();
    expect(Number(match![2])).toBeGreaterThanOrEqual(20);
    expect(Number(match![1])).toBeLessThanOrEqual(29 / 15 + 0.0005);
  });
});
