import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures/browser';
import { canvasIn, openTool, waitForData, waitForTime } from './fixtures/analysis';

const f = useBrowser();

/** A 2 s, 15 fps clip of a person (made from OpenCV's messi5.jpg, see e2e/fixtures). */
const CLIP = path.join(import.meta.dirname, 'fixtures', 'athlete.webm');
const FRAMES = 30;

describe('pose compare (issue 19)', () => {
  it("puts both athletes' chosen joint on one chart on player 1's time, player 2 shifted by the Sync offset", async () => {
    const { page } = f;
    await openTool(f, page);
    const players = ([1, 2] as const).map((n) => ({
      region: page.getByRole('region', { name: `Player ${n} - Member ${n}` }),
      label: `Player ${n} - Member ${n}`,
    }));
    const one = players[0]!.region;
    const two = players[1]!.region;
    const compare = page.getByRole('region', { name: 'Compare' });
    await compare
      .getByText('Turn Sync on and analyse both clips (Pose → Analyse clip) to compare them.')
      .waitFor();

    for (const { region, label } of players) {
      await canvasIn(region).waitFor();
      await region.getByLabel(`Load video or image for ${label}`).setInputFiles(CLIP);
      await waitForData(canvasIn(region), 'media', 'video');
      await region.getByRole('switch', { name: 'Pose' }).click();
    }
    // Both analyses at once, each in its player's own worker.
    for (const { region } of players) await region.getByRole('button', { name: 'Analyse clip' }).click();
    for (const { region } of players) {
      await region.getByRole('button', { name: 'Analyse clip again' }).waitFor({ timeout: 150_000 });
    }
    await compare.getByText('Turn Sync on to compare them.').waitFor();
    expect(await compare.getByRole('slider').count()).toBe(0);

    // Player 2 starts 0.4 s (6 frames) ahead, then Sync links them.
    await two.getByRole('slider', { name: 'Seek' }).fill('0.4');
    await waitForTime(two, 0.4);
    await page.getByRole('switch', { name: 'Sync' }).click();
    await compare.getByText('Player 2 shifted by the Sync offset (+0.40 s)', { exact: false }).waitFor();
    await compare.getByRole('slider', { name: 'Left knee of both players over time' }).waitFor();

    await compare.getByLabel('Joint').selectOption({ label: 'Right knee' });
    const chart = compare.getByRole('slider', { name: 'Right knee of both players over time' });
    expect(await chart.getAttribute('aria-valuetext')).toMatch(
      /^0\.000 s: Player 1 – Right knee \d+°, Player 2 – Right knee \d+°$/,
    );

    // CSV: one row per player 1 frame; player 2's column is its own angles 6 frames on, and empty where
    // its clip has ended. Both clips are the same file, analysed apart: the values match to a few
    // degrees (a frame copied just after its seek can differ a little between two runs).
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      compare.getByRole('button', { name: 'CSV' }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toBe('side-by-side-right-knee.csv');
    const csv = await fs.readFile((await csvDownload.path())!, 'utf8');
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = csv.slice(0, -2).split('\r\n');
    expect(header).toBe('time,player_1_right_knee,player_2_right_knee');
    expect(rows).toHaveLength(FRAMES);
    const cells = rows.map((r) => r.split(','));
    expect(cells.map((c) => c[0])).toEqual(
      Array.from({ length: FRAMES }, (_, i) => (Math.round((i / 15) * 1000) / 1000).toFixed(3)),
    );
    expect(cells.every((c) => /^\d+\.\d$/.test(c[1]!))).toBe(true);
    expect(cells.map((c) => c[2] === '')).toEqual(cells.map((_, i) => i >= FRAMES - 6));
    for (let i = 0; i < FRAMES - 6; i++)
      expect(Math.abs(Number(cells[i]![2]) - Number(cells[i + 6]![1])), `row ${i}`).toBeLessThanOrEqual(5);

    // The cursor follows player 1; a click on the chart seeks player 1 and Sync moves player 2.
    const box = (await chart.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(
      (el) => Math.abs(Number((el as HTMLInputElement).value) - 1) < 0.2,
      await one.getByRole('slider', { name: 'Seek' }).elementHandle(),
    );
    const t1 = Number(await one.getByRole('slider', { name: 'Seek' }).inputValue());
    expect(await waitForTime(two, t1 + 0.4)).toBeCloseTo(t1 + 0.4, 1);
    await expect.poll(async () => Number(await chart.getAttribute('aria-valuenow'))).toBeCloseTo(t1, 1);
    await chart.press('Home');
    await waitForTime(one, 0);
    await waitForTime(two, 0.4);

    const [pngDownload] = await Promise.all([
      page.waitForEvent('download'),
      compare.getByRole('button', { name: 'Chart PNG' }).click(),
    ]);
    expect(pngDownload.suggestedFilename()).toBe('side-by-side-right-knee-chart.png');
    const png = await fs.readFile((await pngDownload.path())!);
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    // Sync off: the chart goes, and the section says what is missing.
    await page.getByRole('switch', { name: 'Sync' }).click();
    await compare.getByText('Turn Sync on to compare them.').waitFor();
    expect(await compare.getByRole('slider').count()).toBe(0);
  }, 240_000);
});
