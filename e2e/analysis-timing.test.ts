// Real time in the analysis tool (issue 33 part 2, docs/decisions.md decision 62, "Time"): a 30 fps
// clip set to a 240 fps capture reads 240 frames as 1.000 s on the timeline, the angle chart and the
// pose CSV, and two stopwatches over chosen frames give their exact real durations, on the video, in
// their list and in the Measurements CSV.
//
// athlete-30fps-9s.mp4 is the pose fixture's photo held 9 s at 30 fps (270 frames), H.264:
//   ffmpeg -loop 1 -framerate 30 -i athlete.jpg -t 9 -vf "scale=544:340,format=yuv420p" -r 30 \
//     -c:v libx264 -profile:v high -tune stillimage -crf 34 -g 270 -movflags +faststart athlete-30fps-9s.mp4
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { canvasIn, click, openTool, pixelAt, waitForData } from './fixtures/analysis';
import { useBrowser } from './fixtures/browser';
import { analyseToCsv, poseControls, turnPoseOn } from './fixtures/pose';

const CLIP = path.join(import.meta.dirname, 'fixtures', 'athlete-30fps-9s.mp4');
const FILE_FPS = 30;

const f = useBrowser();

/** Shows frame `frame` (counted from 0 at 30 fps) through the seek bar, aiming at its middle. */
async function showFrame(tool: Locator, frame: number) {
  const seek = tool.getByRole('slider', { name: 'Seek' });
  await seek.fill(String((frame + 0.5) / FILE_FPS));
  await tool
    .page()
    .waitForFunction(([el, t]) => Math.abs(Number((el as HTMLInputElement).value) - t) < 1e-3, [
      await seek.elementHandle(),
      (frame + 0.5) / FILE_FPS,
    ] as const);
}

/** The clock under the video: 'now / length'. */
const clock = (tool: Locator) => tool.getByLabel('Time', { exact: true });

describe('real time from a slow-motion capture rate', () => {
  it('reads 240 frames of a 30 fps file set to 240 fps as 1.000 s on the timeline, the chart and the CSV; two stopwatches give their exact durations', async () => {
    const { page } = f;
    const tool = await openTool(f);
    await tool.getByLabel('Load video or image', { exact: true }).setInputFiles(CLIP);
    const canvas = canvasIn(tool);
    await waitForData(canvas, 'media', 'video');
    await expect.poll(() => clock(tool).textContent()).toBe('0:00.00 / 0:09.00');

    // As recorded the clip is 9 s; captured at 240 fps it is 1.125 s of real time.
    await tool.getByRole('combobox', { name: 'Capture rate' }).selectOption('240');
    await expect.poll(() => clock(tool).textContent()).toBe('0:00.000 / 0:01.125');
    await showFrame(tool, 240);
    await expect.poll(() => clock(tool).textContent()).toBe('0:01.000 / 0:01.125');
    // A frame step is one frame of the file: 1/240 s of real time.
    await tool.getByRole('button', { name: 'Previous frame' }).click();
    await expect.poll(() => clock(tool).textContent()).toBe('0:00.996 / 0:01.125');

    // Stopwatch 1, by pointer: started on frame 24, stopped on frame 124 by a click on it.
    await tool.getByRole('button', { name: 'Stopwatch', exact: true }).click();
    await showFrame(tool, 24);
    await click(page, canvas, [250, 250]);
    await waitForData(canvas, 'annotations', '1');
    const bar = tool.getByRole('group', { name: 'Stopwatches' });
    await expect
      .poll(() => bar.getByRole('listitem').allTextContents())
      .toEqual(['Stopwatch 1: running from 0.100 s']);
    await showFrame(tool, 124);
    await click(page, canvas, [250, 250]);
    await expect
      .poll(() => bar.getByRole('listitem').allTextContents())
      .toEqual(['Stopwatch 1: 0.417 s (from 0.100 s)']);

    // Stopwatch 2, by keyboard: Enter at the crosshair on frame 0, Enter again on frame 48.
    await showFrame(tool, 0);
    await canvas.focus();
    await page.keyboard.press('Enter');
    await waitForData(canvas, 'annotations', '2');
    await showFrame(tool, 48);
    await canvas.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => bar.getByRole('listitem').allTextContents())
      .toEqual(['Stopwatch 1: 0.417 s (from 0.100 s)', 'Stopwatch 2: 0.200 s (from 0.000 s)']);
    // Undo takes back the last stop alone: Stopwatch 2 runs again, and stops again where it is stopped.
    await tool.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(() => bar.getByRole('listitem').allTextContents())
      .toEqual(['Stopwatch 1: 0.417 s (from 0.100 s)', 'Stopwatch 2: running from 0.000 s']);
    await tool.getByRole('status').getByText("Stopwatch 2's stop removed: it runs again.").waitFor();
    await canvas.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => bar.getByRole('listitem').allTextContents())
      .toEqual(['Stopwatch 1: 0.417 s (from 0.100 s)', 'Stopwatch 2: 0.200 s (from 0.000 s)']);
    // Both are drawn on the video in the stopwatch's sky blue, where they were placed.
    const isSkyBlue = ([r, g, b]: number[]) => r! < 110 && g! > 150 && b! > 200;
    expect(isSkyBlue(await pixelAt(tool, 250, 250))).toBe(true);

    // The Measurements CSV has both, to the millisecond.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tool.getByRole('button', { name: 'Measurements CSV' }).click(),
    ]);
    const rows = (await fs.readFile((await download.path())!, 'utf8'))
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));
    const header = rows[0]!;
    const col = (row: string[], name: string) => row[header.indexOf(name)];
    const watches = rows.filter((r) => col(r, 'type') === 'stopwatch');
    expect(
      watches.map((r) => [col(r, 'item'), col(r, 'start_s'), col(r, 'stop_s'), col(r, 'duration_s')]),
    ).toEqual([
      ['Stopwatch 1', '0.100', '0.517', '0.417'],
      ['Stopwatch 2', '0.000', '0.200', '0.200'],
    ]);

    // The angle chart and the pose CSV: frame 240 at 1.000 s.
    await turnPoseOn(tool, 1);
    const csv = await analyseToCsv(tool);
    expect(csv[0]!.startsWith('time,frame,')).toBe(true);
    const at240 = csv.find((line) => line.split(',')[1] === '240');
    expect(at240?.split(',')[0]).toBe('1.000');
    expect(csv.at(-1)!.split(',').slice(0, 2)).toEqual(['1.121', '269']);
    const chart = poseControls(tool).getByRole('slider', { name: 'Joint angles over time' });
    await showFrame(tool, 240);
    await expect.poll(() => chart.getAttribute('aria-valuenow')).toBe('1');
    expect(Number(await chart.getAttribute('aria-valuemax'))).toBeCloseTo(1.125, 3);
  });
});
