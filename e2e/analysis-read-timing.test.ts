import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, it } from 'vitest';
import { useBrowser } from './fixtures/browser';
import { canvasIn, openTool, waitForData } from './fixtures/analysis';

const f = useBrowser();

/** Small ffmpeg-made clips (read-timing.test.ts says how they were made). */
const FIXTURES = path.join(import.meta.dirname, '..', 'test', 'fixtures');
const clip = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** timing-240fps.mp4 with its one edit eight times longer at media rate 1/8: an iPhone-style slow motion. */
function slowedByEditList(): Buffer {
  const bytes = clip('timing-240fps.mp4');
  const elst = bytes.indexOf('elst') - 4;
  bytes.writeUInt32BE(bytes.readUInt32BE(elst + 16) * 8, elst + 16);
  bytes.writeInt32BE(0x2000, elst + 24);
  return bytes;
}

async function load(canvas: Locator, name: string, buffer: Buffer) {
  const player = canvas.page().getByRole('region', { name: 'Video Analysis' });
  await player
    .getByLabel(/^Load video or image/)
    .first()
    .setInputFiles({ name, mimeType: 'video/mp4', buffer });
}

/** The timing the player uses, as the engine writes it on its canvas. */
async function expectTiming(canvas: Locator, fileFps: number, captureFps: number, source: string) {
  await waitForData(canvas, 'file-fps', String(fileFps));
  await waitForData(canvas, 'capture-fps', String(captureFps));
  await waitForData(canvas, 'capture-source', source);
}

describe('the capture rate read from the file (decision 62)', () => {
  it("takes each loaded clip's own rate and capture rate, the last clip's when loaded in turn", async () => {
    const tool = await openTool(f);
    const canvas = canvasIn(tool).first();

    // An Android slow-motion clip: 30 fps frames, captured at 240.
    await load(canvas, 'android-slow-motion.mp4', clip('timing-240-saved-at-30.mp4'));
    await waitForData(canvas, 'media', 'video');
    await expectTiming(canvas, 30, 240, 'file');

    // A plain 30 fps clip: as recorded.
    await load(canvas, 'plain.mp4', clip('timing-30fps.mp4'));
    await expectTiming(canvas, 30, 30, 'none');

    // 240 fps frames an edit list slows down: played at their stored times, captured at 240.
    await load(canvas, 'iphone-slow-motion.mov', slowedByEditList());
    await expectTiming(canvas, 240, 240, 'file');

    // Two clips one after the other: the second one's timing stays, whichever answer comes last.
    await load(canvas, 'android-slow-motion.mp4', clip('timing-240-saved-at-30.mp4'));
    await load(canvas, 'plain.mp4', clip('timing-30fps.mp4'));
    await expectTiming(canvas, 30, 30, 'none');
  });
});
