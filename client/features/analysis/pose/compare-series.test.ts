import { describe, expect, it } from 'vitest';
import { LANDMARK, POSE_LANDMARK_COUNT, type PoseLandmark } from '@common/pose';
import { alignToFirst, compareCsv, compareHint, jointSeries, onRealClock } from './compare-series';

const framesAt = (fps: number, count: number) => Array.from({ length: count }, (_, i) => i / fps);

describe('onRealClock', () => {
  it('puts a slow-motion clip on its real clock, frame by frame', () => {
    const frames = [0, 1, 2, 8, 240].map((frame) => ({ frame }));
    const clock = onRealClock({ fps: 30, frames }, { fileFps: 30, captureFps: 240 });
    expect(clock.fps).toBe(240);
    expect(clock.times).toEqual([0, 1 / 240, 2 / 240, 8 / 240, 1]);
    expect(onRealClock({ fps: 30, frames }, { fileFps: 30, captureFps: 30 }).times).toEqual([
      0,
      1 / 30,
      2 / 30,
      8 / 30,
      8,
    ]);
  });

  it('lines a 240 fps capture up with a normal clip by real time, not by file time', () => {
    // Player 1: 240 fps saved at 30 fps, 16 frames (1/15 s of real time); player 2: a 30 fps clip.
    const first = onRealClock(
      { fps: 30, frames: Array.from({ length: 16 }, (_, frame) => ({ frame })) },
      { fileFps: 30, captureFps: 240 },
    );
    const second = onRealClock(
      { fps: 30, frames: Array.from({ length: 4 }, (_, frame) => ({ frame })) },
      { fileFps: 30, captureFps: 30 },
    );
    const values = [10, 11, 12, 13];
    // Eight of player 1's frames last one of player 2's.
    expect(alignToFirst(first, { ...second, values }, 0)).toEqual([
      ...Array<number>(8).fill(10),
      ...Array<number>(8).fill(11),
    ]);
    // Player 2 ahead by 0.1 s of real time: three of its frames on.
    expect(alignToFirst(first, { ...second, values }, 0.1)[0]).toBe(13);
  });
});

describe('alignToFirst', () => {
  it('with no offset and the same rate gives player 2 frame for frame', () => {
    const times = framesAt(15, 5);
    expect(alignToFirst({ times, fps: 15 }, { times, fps: 15, values: [1, 2, 3, 4, 5] }, 0)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it('draws player 2 time t2 at t1 = t2 − offset, null past the end of its clip', () => {
    const times = framesAt(10, 6);
    // Player 2 is 0.2 s ahead: at player 1's 0 s it shows its frame 2.
    expect(alignToFirst({ times, fps: 10 }, { times, fps: 10, values: [0, 1, 2, 3, 4, 5] }, 0.2)).toEqual([
      2,
      3,
      4,
      5,
      null,
      null,
    ]);
  });

  it('a negative offset leaves player 2 empty before its clip starts', () => {
    const times = framesAt(10, 5);
    expect(alignToFirst({ times, fps: 10 }, { times, fps: 10, values: [0, 1, 2, 3, 4] }, -0.3)).toEqual([
      null,
      null,
      null,
      0,
      1,
    ]);
  });

  it('takes the player 2 frame shown in the middle of each player 1 frame when the rates differ', () => {
    // Player 1 at 10 fps (frames 0.1 s long), player 2 at 30 fps: the middle of player 1's frame i is
    // at (i + 0.5) / 10 s, inside player 2's frame 3i + 1.
    const second = { times: framesAt(30, 12), fps: 30, values: framesAt(30, 12).map((_, j) => j) };
    expect(alignToFirst({ times: framesAt(10, 5), fps: 10 }, second, 0)).toEqual([1, 4, 7, 10, null]);
    // The other way round: player 1 at 30 fps sees each 10 fps frame three times.
    const slow = { times: framesAt(10, 2), fps: 10, values: [7, 8] };
    expect(alignToFirst({ times: framesAt(30, 7), fps: 30 }, slow, 0)).toEqual([7, 7, 7, 8, 8, 8, null]);
  });

  it('keeps the gaps of player 2 and survives a fractional offset', () => {
    const times = framesAt(15, 4);
    const values = [10, null, 30, 40];
    // Less than half a frame: each player 1 frame's middle still falls in the same player 2 frame.
    expect(alignToFirst({ times, fps: 15 }, { times, fps: 15, values }, 0.02)).toEqual([10, null, 30, 40]);
    // More than half a frame: the next one.
    expect(alignToFirst({ times, fps: 15 }, { times, fps: 15, values }, 0.04)).toEqual([null, 30, 40, null]);
  });

  it('gives nothing for an empty player 2 and an empty axis for an empty player 1', () => {
    expect(alignToFirst({ times: [0, 0.1], fps: 10 }, { times: [], fps: 10, values: [] }, 0)).toEqual([
      null,
      null,
    ]);
    expect(alignToFirst({ times: [], fps: 10 }, { times: [0], fps: 10, values: [1] }, 0)).toEqual([]);
  });
});

describe('jointSeries', () => {
  it("is a joint's angle in each frame, null where no athlete was found", () => {
    const landmarks: PoseLandmark[] = Array.from({ length: POSE_LANDMARK_COUNT }, () => ({
      x: 0.5,
      y: 0.5,
      z: 0,
      visibility: 1,
    }));
    // A right angle at the left knee: hip above it, ankle to its side.
    landmarks[LANDMARK.leftHip] = { x: 0.5, y: 0.3, z: 0, visibility: 1 };
    landmarks[LANDMARK.leftAnkle] = { x: 0.7, y: 0.5, z: 0, visibility: 1 };
    const clip = {
      fps: 10,
      size: { width: 100, height: 100 },
      frames: [
        { time: 0, frame: 0, landmarks },
        { time: 0.1, frame: 1, landmarks: null },
      ],
    };
    expect(jointSeries(clip, 'leftKnee')).toEqual([90, null]);
  });
});

describe('compareCsv', () => {
  it('writes time and both players’ angle of the joint, empty where missing, with CRLF', () => {
    const csv = compareCsv('leftKnee', [0, 1 / 15, 2 / 15], [90.04, null, 120.05], [88.96, 101, null]);
    expect(csv).toBe(
      'time,player_1_left_knee,player_2_left_knee\r\n' +
        '0.000,90.0,89.0\r\n' +
        '0.067,,101.0\r\n' +
        '0.133,120.1,\r\n',
    );
  });

  it('names the columns after the joint', () => {
    expect(compareCsv('trunkLean', [], [], [])).toBe('time,player_1_trunk_lean,player_2_trunk_lean\r\n');
  });
});

describe('compareHint', () => {
  it('says what is missing, and nothing once Sync is on and both clips are analysed', () => {
    expect(compareHint({ synced: true, analysed: [true, true] })).toBeNull();
    expect(compareHint({ synced: true, analysed: [false, false] })).toBe(
      'Analyse both clips (Pose → Analyse clip) to compare them.',
    );
    expect(compareHint({ synced: true, analysed: [true, false] })).toBe(
      'Analyse Player 2’s clip too (Pose → Analyse clip) to compare them.',
    );
    expect(compareHint({ synced: true, analysed: [false, true] })).toBe(
      'Analyse Player 1’s clip too (Pose → Analyse clip) to compare them.',
    );
    expect(compareHint({ synced: false, analysed: [true, true] })).toBe('Turn Sync on to compare them.');
    expect(compareHint({ synced: false, analysed: [false, false] })).toBe(
      'Turn Sync on and analyse both clips (Pose → Analyse clip) to compare them.',
    );
  });
});
