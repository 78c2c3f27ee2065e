import { JOINTS, jointAngles, type JointId, type PoseFrame } from '@common/pose';
import { realSecondsOfFrames, slowMotionFactor, type Timing } from '../engine/timing';

/** A clip's analysed frames as the comparison needs them (a ClipAnalysis fits). */
export type AnalysedClip = {
  fps: number;
  size: { width: number; height: number };
  frames: readonly PoseFrame[];
};

/** A joint's angle in degrees in each analysed frame of a clip, in order (null: not seen). */
export function jointSeries(clip: AnalysedClip, joint: JointId): (number | null)[] {
  return clip.frames.map((f) => jointAngles(f.landmarks, clip.size)[joint].degrees);
}

/**
 * A clip's analysed frames on its real clock (issue 33, decision 62): each frame's real time and the
 * analysed frames per real second. A 240 fps capture saved at 30 fps and analysed at 30 fps has 240
 * frames a real second; Sync's offset is in real time, so both players are lined up on this clock.
 */
export function onRealClock(
  clip: { fps: number; frames: readonly Pick<PoseFrame, 'frame'>[] },
  timing: Timing,
): { times: number[]; fps: number } {
  return {
    times: clip.frames.map((f) => realSecondsOfFrames(f.frame, timing)),
    fps: clip.fps * slowMotionFactor(timing),
  };
}

/**
 * Player 2's values on player 1's time axis (issue 19, Compare): with Sync on, player 2 shows time
 * t1 + offset while player 1 shows t1, so player 2's sample at t2 is drawn at t1 = t2 − offset. For
 * each of player 1's frames (a frame lasts 1 / fps from its time) this takes the player 2 frame shown
 * at the same moment, the middle of player 1's frame, which is player 2's nearest frame by its
 * centre; null where that moment falls outside player 2's analysed frames. Frames are in time order.
 */
export function alignToFirst(
  first: { times: readonly number[]; fps: number },
  second: { times: readonly number[]; fps: number; values: readonly (number | null)[] },
  offset: number,
): (number | null)[] {
  const half = first.fps > 0 ? 0.5 / first.fps : 0;
  const length = second.fps > 0 ? 1 / second.fps : 0;
  // Slack for floating point: frame times are i / fps, rarely exact.
  const epsilon = 1e-6;
  return first.times.map((t1) => {
    const t2 = t1 + half + offset;
    const index = lastAtOrBefore(second.times, t2 + epsilon);
    if (index < 0 || t2 >= second.times[index]! + length - epsilon) return null;
    return second.values[index] ?? null;
  });
}

/** The index of the last of ascending `times` at or before `time`, or -1. */
export function lastAtOrBefore(times: readonly number[], time: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** A number to `decimals` decimals, rounded half away from zero and never '-0.0' (as the pose CSV writes them). */
function fixed(value: number, decimals: number): string {
  const scale = 10 ** decimals;
  const rounded = Math.round(Math.abs(value) * scale + Number.EPSILON * scale) / scale;
  const signed = value < 0 && rounded !== 0 ? -rounded : rounded;
  return signed.toFixed(decimals);
}

/**
 * The comparison's CSV: header `time,player_1_<joint csv>,player_2_<joint csv>`; one row per player 1
 * frame, time in seconds with 3 decimals on player 1's real clock, angles with 1 decimal, empty cells for
 * null; lines end with \r\n (RFC 4180, like the pose CSV).
 */
export function compareCsv(
  joint: JointId,
  times: readonly number[],
  first: readonly (number | null)[],
  second: readonly (number | null)[],
): string {
  const csv = JOINTS.find((j) => j.id === joint)?.csv ?? joint;
  const cell = (v: number | null | undefined) => (v === null || v === undefined ? '' : fixed(v, 1));
  const lines = [`time,player_1_${csv},player_2_${csv}`];
  times.forEach((t, i) => lines.push([fixed(t, 3), cell(first[i]), cell(second[i])].join(',')));
  return lines.map((line) => `${line}\r\n`).join('');
}

/**
 * What the Compare section still needs, as one sentence; null when Sync is on and both clips are
 * analysed.
 */
export function compareHint({
  synced,
  analysed,
}: {
  synced: boolean;
  analysed: readonly [boolean, boolean];
}): string | null {
  const [one, two] = analysed;
  const analyse =
    one && two
      ? null
      : one || two
        ? `analyse Player ${one ? 2 : 1}’s clip too (Pose → Analyse clip)`
        : 'analyse both clips (Pose → Analyse clip)';
  if (synced && !analyse) return null;
  const steps = [synced ? null : 'turn Sync on', analyse].filter((s) => s !== null).join(' and ');
  return `${steps.charAt(0).toUpperCase()}${steps.slice(1)} to compare them.`;
}
