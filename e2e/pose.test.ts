import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { canvasIn, click, drag, loadPicture, openTool, waitForData } from './fixtures/analysis';
import { useBrowser } from './fixtures/browser';
import { uploadLessonVideoViaApi } from './fixtures/think-tanks';
import {
  ATHLETE_CLIP,
  ATHLETE_CLIP_FRAMES,
  ATHLETE_MP4,
  ATHLETE_PHOTO,
  ATHLETE_TURNED_MP4,
  analyseToCsv,
  LEFT_KNEE_DEGREES,
  poseControls,
  shownAngles,
  turnPoseOn,
} from './fixtures/pose';

const f = useBrowser();

/** The analysis tool with `file` (a video) loaded and Pose on, its skeleton drawn. */
async function clipWithPose(file: string) {
  const tool = await openTool(f);
  const input = tool.getByLabel('Load video or image', { exact: true });
  await input.setInputFiles(file);
  await waitForData(canvasIn(tool), 'media', 'video');
  await turnPoseOn(tool);
  return { tool, input };
}

describe('pose on the device', () => {
  it('loads the model only from this server when turned on, draws the athlete’s skeleton and measures the stretched knee within 10° of its known angle', async () => {
    const { page, context, baseURL } = f;
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    const headers = new Map<string, Record<string, string>>();
    context.on('response', (r) => {
      if (/\.(wasm|tflite)$/.test(new URL(r.url()).pathname)) headers.set(r.url(), r.headers());
    });
    const tool = await openTool(f);
    await tool.getByLabel('Load video or image', { exact: true }).setInputFiles(ATHLETE_PHOTO);
    await waitForData(canvasIn(tool), 'media', 'image');
    // Nothing of the model is fetched before the member asks for it.
    expect(requests.filter((u) => /pose|\.wasm|\.tflite/.test(u))).toEqual([]);

    await turnPoseOn(tool);
    const model = requests.filter((u) => /\.(tflite|wasm|data|binarypb)$/.test(new URL(u).pathname));
    expect(model.some((u) => /pose_landmark_lite-[\w-]+\.tflite$/.test(u))).toBe(true);
    expect(model.some((u) => /\.wasm$/.test(u))).toBe(true);
    // Hashed names, cached for good; the WebAssembly precompressed, the model as it is.
    for (const [url, h] of headers) {
      expect(h['cache-control'], url).toBe('public, max-age=31536000, immutable');
      if (url.endsWith('.wasm')) {
        expect(h['content-type']).toBe('application/wasm');
        expect(h['content-encoding']).toBe('br');
      }
    }
    expect([...headers.keys()].some((u) => u.endsWith('.wasm'))).toBe(true);
    const elsewhere = requests.filter((u) => !u.startsWith(baseURL) && !/^(blob|data):/.test(u));
    expect(elsewhere).toEqual([]);

    const angles = await shownAngles(tool);
    expect(Math.abs(angles['Left knee']! - LEFT_KNEE_DEGREES)).toBeLessThanOrEqual(10);
    // His other knee is bent under him, far from straight.
    expect(angles['Right knee']!).toBeLessThan(140);
    await expect.poll(() => poseControls(tool).getByText('No athlete found in this frame').count()).toBe(0);

    // Posted, the frame carries the skeleton and the joint angles in words.
    await tool.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Post to lesson…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post to lesson' });
    await dialog.getByText(/Left knee: \d+\.\d°/).waitFor();
    await page.keyboard.press('Escape');
  });

  it('says when no athlete is in the frame, and the drawing tools go on working', async () => {
    const { page } = f;
    const tool = await openTool(f);
    await loadPicture(page, tool);
    await poseControls(tool).getByRole('switch', { name: 'Pose' }).click();
    await poseControls(tool).getByText('No athlete found in this frame').waitFor({ timeout: 60_000 });
    expect(await canvasIn(tool).getAttribute('data-pose')).toBe('0');
    await tool.getByRole('button', { name: 'Angle' }).click();
    await drag(page, canvasIn(tool), [400, 300], [400, 150]);
    await click(page, canvasIn(tool), [550, 300]);
    await tool.getByRole('status').getByText('Measured Angle: 90.0°').waitFor();
  });

  it('keeps the tool working with a clear message when the model cannot be downloaded', async () => {
    const { page } = f;
    await page.route(/\.tflite$/, (route) => route.abort());
    const tool = await openTool(f);
    await tool.getByLabel('Load video or image', { exact: true }).setInputFiles(ATHLETE_PHOTO);
    await poseControls(tool).getByRole('switch', { name: 'Pose' }).click();
    await expect
      .poll(() => poseControls(tool).getByRole('alert').textContent(), { timeout: 60_000 })
      .toBe('The pose model could not be loaded. The rest of the tool still works.');
    expect(await poseControls(tool).getByRole('switch', { name: 'Pose' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await tool.getByRole('button', { name: 'Line' }).click();
    await drag(page, canvasIn(tool), [100, 100], [300, 100]);
    await waitForData(canvasIn(tool), 'annotations', '1');
  });

  it('uses the plain WebAssembly build in a browser without WebAssembly SIMD, and still measures the knee', async () => {
    const { context } = f;
    // A browser without SIMD cannot compile the package's SIMD probe (a 29-byte module): here the
    // worker's WebAssembly refuses every module that small, as such a browser would refuse the probe.
    await context.route(/\/assets\/pose\.worker-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      const noSimd = `{ const instantiate = WebAssembly.instantiate.bind(WebAssembly);
        WebAssembly.instantiate = (source, imports) =>
          ArrayBuffer.isView(source) && source.byteLength < 64
            ? Promise.reject(new WebAssembly.CompileError('no SIMD in this browser'))
            : instantiate(source, imports); }\n`;
      await route.fulfill({ response, headers, body: noSimd + (await response.text()) });
    });
    const wasm: string[] = [];
    context.on('request', (r) => {
      if (/\.wasm$/.test(new URL(r.url()).pathname)) wasm.push(new URL(r.url()).pathname);
    });
    const tool = await openTool(f);
    await tool.getByLabel('Load video or image', { exact: true }).setInputFiles(ATHLETE_PHOTO);
    await waitForData(canvasIn(tool), 'media', 'image');
    await turnPoseOn(tool);
    expect(wasm).toHaveLength(1);
    expect(wasm[0]).toMatch(/\/pose_solution_wasm_bin-[\w-]+\.wasm$/);
    const angles = await shownAngles(tool);
    expect(Math.abs(angles['Left knee']! - LEFT_KNEE_DEGREES)).toBeLessThanOrEqual(10);
  });

  it('analyses a clip frame by frame into a chart of joint angles and a CSV with one row per frame', async () => {
    const { page } = f;
    await page.addInitScript(() => {
      const queries: MediaQueryList[] = [];
      const matchMedia = window.matchMedia.bind(window);
      window.matchMedia = (query) => {
        const list = matchMedia(query);
        if (query.includes('dppx')) queries.push(list);
        return list;
      };
      Object.assign(window, {
        movedToScreen(ratio: number) {
          Object.defineProperty(window, 'devicePixelRatio', { value: ratio, configurable: true });
          for (const list of queries.splice(0)) list.dispatchEvent(new Event('change'));
        },
      });
    });
    const tool = await openTool(f);
    await tool.getByLabel('Load video or image', { exact: true }).setInputFiles(ATHLETE_CLIP);
    await waitForData(canvasIn(tool), 'media', 'video');
    await turnPoseOn(tool);
    const pose = poseControls(tool);
    await pose.getByRole('button', { name: 'Analyse clip', exact: true }).click();
    await pose.getByRole('button', { name: 'Analyse clip again' }).waitFor({ timeout: 90_000 });

    const chart = pose.getByRole('slider', { name: 'Joint angles over time' });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-valuetext')).toMatch(/Left knee \d+°/);
    // A click on the chart seeks the player there.
    const box = (await chart.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    await expect.poll(async () => Number(await chart.getAttribute('aria-valuenow'))).toBeGreaterThan(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      pose.getByRole('button', { name: 'CSV' }).click(),
    ]);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('time,frame,left_knee,right_knee,confidence');
    expect(lines).toHaveLength(1 + ATHLETE_CLIP_FRAMES);
    expect(lines.slice(1).map((l) => Number(l.split(',')[1]))).toEqual(
      Array.from({ length: ATHLETE_CLIP_FRAMES }, (_, i) => i),
    );
    // Every frame has the athlete, with a knee angle and a confidence.
    for (const line of lines.slice(1)) expect(line).toMatch(/^\d+\.\d{3},\d+,\d+\.\d,\d+\.\d,[01]\.\d{2}$/);

    // The window moves to a screen of twice the pixel density (the browser says so through the
    // resolution media query, which headless Chromium cannot do itself): the chart is drawn again, as sharp.
    const pixels = () =>
      chart.evaluate((el) => {
        const lines = el.parentElement!.querySelector('canvas')!;
        return lines.width / lines.getBoundingClientRect().width;
      });
    expect(await pixels()).toBe(1);
    await page.evaluate(() => (window as unknown as { movedToScreen(ratio: number): void }).movedToScreen(2));
    await expect.poll(pixels).toBe(2);
  });

  it('analyses a phone’s MP4 (H.264 with B-frames, its tables at the end) frame by frame at the frames’ own times, the same way twice', async () => {
    const { tool, input } = await clipWithPose(ATHLETE_MP4);
    const first = await analyseToCsv(tool);
    expect(first).toHaveLength(1 + ATHLETE_CLIP_FRAMES);
    // Every frame once, in the order shown, at its own time (15 fps), each with the athlete.
    expect(first.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(
      Array.from({ length: ATHLETE_CLIP_FRAMES }, (_, i) => `${(i / 15).toFixed(3)},${i}`),
    );
    for (const line of first.slice(1)) expect(line).toMatch(/^\d+\.\d{3},\d+,\d+\.\d,\d+\.\d,[01]\.\d{2}$/);

    // The same file again: the same numbers to the last digit.
    await input.setInputFiles(ATHLETE_MP4);
    await poseControls(tool).getByRole('button', { name: 'Analyse clip', exact: true }).waitFor();
    expect(await analyseToCsv(tool)).toEqual(first);
  });

  it('stops an analysis on Cancel, keeps nothing of it, and analyses the clip afresh after', async () => {
    const { tool } = await clipWithPose(ATHLETE_MP4);
    const pose = poseControls(tool);
    // Cancel is pressed the moment it appears, long before the clip's 30 frames are done.
    const cancelled = pose.evaluate(
      (section) =>
        new Promise<string>((resolve) => {
          const observer = new MutationObserver(() => {
            const cancel = [...section.querySelectorAll('button')].find(
              (b) => b.textContent?.trim() === 'Cancel',
            );
            if (!cancel) return;
            const progress = section.querySelector('progress');
            cancel.click();
            observer.disconnect();
            resolve(`${progress?.value ?? '?'} of ${progress?.max ?? '?'}`);
          });
          observer.observe(section, { subtree: true, childList: true });
        }),
    );
    await pose.getByRole('button', { name: 'Analyse clip', exact: true }).click();
    expect(await cancelled).toMatch(/^\d+ of \d+$/);
    await pose.getByRole('button', { name: 'Analyse clip', exact: true }).waitFor();
    expect(await pose.getByRole('slider', { name: 'Joint angles over time' }).count()).toBe(0);
    expect(await pose.getByRole('button', { name: 'Analyse clip again' }).count()).toBe(0);

    const lines = await analyseToCsv(tool);
    expect(lines.slice(1).map((l) => Number(l.split(',')[1]))).toEqual(
      Array.from({ length: ATHLETE_CLIP_FRAMES }, (_, i) => i),
    );
  });

  it('analyses a clip stored turned (a phone held upright) as the player shows it', async () => {
    const { tool, input } = await clipWithPose(ATHLETE_MP4);
    const upright = await analyseToCsv(tool);

    await input.setInputFiles(ATHLETE_TURNED_MP4);
    // As the player shows it, the athlete lies on his side: his trunk far from upright (the live
    // estimate reads the shown frame, turned by the browser itself).
    await expect.poll(async () => (await shownAngles(tool))['Trunk lean'] ?? 0).toBeGreaterThan(45);
    const shownLean = (await shownAngles(tool))['Trunk lean']!;
    const turned = await analyseToCsv(tool, ['Trunk lean']);
    expect(turned).toHaveLength(1 + ATHLETE_CLIP_FRAMES);
    expect(turned[0]).toBe('time,frame,left_knee,right_knee,trunk_lean,confidence');
    // The analysis read the first frame the way it is shown, not the way it is stored (a turn the wrong
    // way would lean him the other way: 180° minus the shown lean).
    expect(Math.abs(Number(turned[1]!.split(',')[4]) - shownLean)).toBeLessThan(5);
    // A knee's angle does not change when the picture turns: frame by frame, the athlete's knees
    // measure what they measure upright (the frames were read as shown, not as stored).
    const knees = (lines: string[]) => lines.slice(1).map((l) => l.split(',').slice(2, 4).map(Number));
    const a = knees(upright);
    const b = knees(turned);
    const found = b.filter((k) => k.every(Number.isFinite)).length;
    expect(found).toBeGreaterThanOrEqual(ATHLETE_CLIP_FRAMES - 2);
    const differences = a.flatMap((k, i) => k.map((d, j) => Math.abs(d - b[i]![j]!))).filter(Number.isFinite);
    const sorted = differences.sort((x, y) => x - y);
    expect(sorted[Math.floor(sorted.length / 2)]!).toBeLessThan(5);
  });

  it('analyses a coach’s lesson video: loaded from this server into a player, the skeleton drawn on it, every frame analysed', async () => {
    const { page, browser, baseURL } = f;
    // A lesson no other browser test reads (they share the run's server): its video stays.
    await uploadLessonVideoViaApi(
      browser,
      baseURL,
      { thinkTank: 'intellectual', topicSlug: 'understanding-self', lessonSlug: 'problem-solving' },
      await fs.readFile(ATHLETE_CLIP),
    );
    const tool = await openTool(f);
    await tool.getByRole('button', { name: 'Lesson video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Analyse a lesson video' });
    const lesson = dialog.getByLabel('Lesson');
    // A lesson the coach has not given a video yet.
    await lesson.selectOption('intellectual/understanding-self/machine-learning');
    await dialog.getByRole('button', { name: 'Load' }).click();
    await dialog.getByRole('alert').getByText('This lesson has no video yet.').waitFor();

    await lesson.selectOption('intellectual/understanding-self/problem-solving');
    await dialog.getByRole('button', { name: 'Load' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForData(canvasIn(tool), 'media', 'video');
    await tool.getByText(/^Lesson 206 · Problem Solving$/).waitFor();
    // Its frames can be read for the model: the video came with CORS from this origin.
    await turnPoseOn(tool);
    // The worker fetches it from this server for 'Analyse clip': one row for each of its frames.
    const lines = await analyseToCsv(tool);
    expect(lines.slice(1).map((l) => Number(l.split(',')[1]))).toEqual(
      Array.from({ length: ATHLETE_CLIP_FRAMES }, (_, i) => i),
    );
  });
});
