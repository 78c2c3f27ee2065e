import { describe, expect, it } from 'vitest';
import {
  JOINTS,
  LANDMARK,
  POSE_BONES,
  POSE_LANDMARK_COUNT,
  angleAt,
  jointAngles,
  landmarkSide,
  poseCsv,
  smoothSeries,
  type PoseFrame,
  type PoseLandmark,
} from './pose';

const SQUARE = { width: 100, height: 100 };

/** 33 landmarks, all seen, at the image's centre; `at` places some of them (normalised x, y). */
function pose(
  at: Partial<Record<keyof typeof LANDMARK, [number, number]>> = {},
  visibility = 0.9,
): PoseLandmark[] {
  const landmarks = Array.from({ length: POSE_LANDMARK_COUNT }, () => ({ x: 0.5, y: 0.5, z: 0, visibility }));
  for (const [name, [x, y]] of Object.entries(at)) {
    landmarks[LANDMARK[name as keyof typeof LANDMARK]] = { x, y, z: 0, visibility };
  }
  return landmarks;
}

/** A standing athlete: shoulders above hips, legs straight down, right knee bent to 90°. */
const standing = pose({
  leftShoulder: [0.45, 0.2],
  rightShoulder: [0.55, 0.2],
  leftHip: [0.45, 0.5],
  rightHip: [0.55, 0.5],
  leftKnee: [0.45, 0.7],
  rightKnee: [0.55, 0.7],
  leftAnkle: [0.45, 0.9],
  rightAnkle: [0.75, 0.7],
});

describe('the BlazePose topology', () => {
  it('puts the nose in the centre and each landmark on its own side', () => {
    expect(landmarkSide(LANDMARK.nose)).toBe('centre');
    expect([1, 2, 3, 7, 9, 11, 23, 25, 27, 31].map(landmarkSide)).toEqual(Array(10).fill('left'));
    expect([4, 5, 6, 8, 10, 12, 24, 26, 28, 32].map(landmarkSide)).toEqual(Array(10).fill('right'));
  });

  it("has MediaPipe's 35 bones, those across the body in the centre", () => {
    expect(POSE_BONES).toHaveLength(35);
    const side = (from: number, to: number) => POSE_BONES.find((b) => b.from === from && b.to === to)?.side;
    expect(side(LANDMARK.leftHip, LANDMARK.leftKnee)).toBe('left');
    expect(side(LANDMARK.rightKnee, LANDMARK.rightAnkle)).toBe('right');
    expect(side(LANDMARK.leftShoulder, LANDMARK.rightShoulder)).toBe('centre');
    expect(side(LANDMARK.leftHip, LANDMARK.rightHip)).toBe('centre');
    expect(side(LANDMARK.mouthLeft, LANDMARK.mouthRight)).toBe('centre');
    expect(side(LANDMARK.nose, LANDMARK.leftEyeInner)).toBe('centre');
  });

  it('names the joints for people and for the CSV', () => {
    expect(JOINTS.map((j) => j.label)).toEqual([
      'Left knee',
      'Right knee',
      'Left hip',
      'Right hip',
      'Left elbow',
      'Right elbow',
      'Left shoulder',
      'Right shoulder',
      'Trunk lean',
    ]);
    expect(JOINTS.map((j) => j.csv)).toContain('trunk_lean');
    expect(JOINTS.find((j) => j.id === 'rightElbow')).toEqual({
      id: 'rightElbow',
      label: 'Right elbow',
      csv: 'right_elbow',
      side: 'right',
    });
  });
});

describe('angleAt', () => {
  it.each([
    ['a right angle', { x: 10, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 10 }, 90],
    ['a straight line', { x: -3, y: 1 }, { x: 0, y: 1 }, { x: 5, y: 1 }, 180],
    [
      'an acute 3-4-5 angle',
      { x: 4, y: 0 },
      { x: 0, y: 0 },
      { x: 4, y: 3 },
      (Math.atan2(3, 4) * 180) / Math.PI,
    ],
    ['an obtuse 135°', { x: 10, y: 0 }, { x: 0, y: 0 }, { x: -10, y: 10 }, 135],
    ['a closed angle', { x: 2, y: 2 }, { x: 0, y: 0 }, { x: 5, y: 5 }, 0],
  ])('measures %s', (_name, a, vertex, c, degrees) => {
    expect(angleAt(a, vertex, c)).toBeCloseTo(degrees, 9);
    expect(angleAt(c, vertex, a)).toBeCloseTo(degrees, 9);
  });

  it('gives null, not NaN, when a ray has no length', () => {
    expect(angleAt({ x: 1, y: 1 }, { x: 1, y: 1 }, { x: 3, y: 4 })).toBeNull();
    expect(angleAt({ x: 3, y: 4 }, { x: 1, y: 1 }, { x: 1, y: 1 })).toBeNull();
    expect(angleAt({ x: Number.NaN, y: 0 }, { x: 1, y: 1 }, { x: 2, y: 2 })).toBeNull();
  });
});

describe('jointAngles', () => {
  it('measures knees, hips and trunk lean of a standing athlete', () => {
    const angles = jointAngles(standing, SQUARE);
    expect(angles.leftKnee.degrees).toBeCloseTo(180, 6);
    expect(angles.rightKnee.degrees).toBeCloseTo(90, 6);
    expect(angles.leftHip.degrees).toBeCloseTo(180, 6);
    expect(angles.trunkLean.degrees).toBeCloseTo(0, 6);
    expect(angles.leftKnee.confidence).toBe(0.9);
  });

  it('measures in pixels: a 2:1 image turns a normalised 135° into 116.6°', () => {
    // Hip straight above the knee, ankle as far right as down: 135° in normalised units.
    const landmarks = pose({ leftHip: [0.5, 0.3], leftKnee: [0.5, 0.5], leftAnkle: [0.7, 0.7] });
    const degrees = (Math.atan2(0.2 * 200, 0.2 * 100) * 180) / Math.PI;
    expect(jointAngles(landmarks, SQUARE).leftKnee.degrees).toBeCloseTo(135, 6);
    expect(jointAngles(landmarks, { width: 200, height: 100 }).leftKnee.degrees).toBeCloseTo(
      180 - degrees,
      6,
    );
    expect(180 - degrees).toBeCloseTo(116.57, 2);
  });

  it('measures a trunk leaning 30° forward or back the same', () => {
    const lean = (dx: number) =>
      jointAngles(
        pose({
          leftHip: [0.45, 0.6],
          rightHip: [0.55, 0.6],
          leftShoulder: [0.45 + dx, 0.6 - 0.3],
          rightShoulder: [0.55 + dx, 0.6 - 0.3],
        }),
        SQUARE,
      ).trunkLean.degrees;
    const dx = 0.3 * Math.tan(Math.PI / 6);
    expect(lean(dx)).toBeCloseTo(30, 6);
    expect(lean(-dx)).toBeCloseTo(30, 6);
  });

  it('gives no angle for a joint whose landmark the model hardly sees', () => {
    const landmarks = standing.map((l, i) => (i === LANDMARK.rightAnkle ? { ...l, visibility: 0.3 } : l));
    const angles = jointAngles(landmarks, SQUARE);
    expect(angles.rightKnee).toEqual({ degrees: null, confidence: 0.3 });
    expect(angles.leftKnee.degrees).toBeCloseTo(180, 6);
  });

  it('gives no angles and no confidence without an athlete', () => {
    const angles = jointAngles(null, SQUARE);
    for (const joint of JOINTS) expect(angles[joint.id]).toEqual({ degrees: null, confidence: 0 });
  });

  it('gives null when two landmarks of a joint are in one place', () => {
    const landmarks = pose({ leftHip: [0.5, 0.5], leftKnee: [0.5, 0.5], leftAnkle: [0.5, 0.8] });
    expect(jointAngles(landmarks, SQUARE).leftKnee.degrees).toBeNull();
  });
});

describe('smoothSeries', () => {
  it('averages each value with its neighbours, with a shorter window at the ends', () => {
    expect(smoothSeries([0, 10, 20, 30, 40], 3)).toEqual([5, 10, 20, 30, 35]);
    expect(smoothSeries([0, 10, 20, 30, 40])).toEqual([10, 15, 20, 25, 30]);
  });

  it('keeps gaps and leaves missing neighbours out of the mean', () => {
    expect(smoothSeries([10, null, 20, 40, null, null, 7], 3)).toEqual([10, null, 30, 30, null, null, 7]);
  });

  it('leaves a series alone with a window of 1 and refuses an even window', () => {
    expect(smoothSeries([1, null, 3], 1)).toEqual([1, null, 3]);
    expect(smoothSeries([], 5)).toEqual([]);
    expect(() => smoothSeries([1, 2], 4)).toThrow(RangeError);
  });
});

describe('poseCsv', () => {
  const frames: PoseFrame[] = [
    { time: 0, frame: 0, landmarks: standing },
    { time: 1 / 30, frame: 1, landmarks: null },
    {
      time: 2 / 30,
      frame: 2,
      landmarks: standing.map((l, i) => (i === LANDMARK.rightAnkle ? { ...l, visibility: 0.2 } : l)),
    },
  ];

  it('writes a header, one row per frame and empty cells where there is no value', () => {
    const csv = poseCsv(frames, SQUARE, ['leftKnee', 'rightKnee', 'trunkLean']);
    expect(csv.split('\r\n')).toEqual([
      'time,frame,left_knee,right_knee,trunk_lean,confidence',
      '0.000,0,180.0,90.0,0.0,0.90',
      '0.033,1,,,,',
      // The mean visibility: 32 landmarks at 0.9 and one at 0.2.
      '0.067,2,180.0,,0.0,0.88',
      '',
    ]);
  });

  it('ends every line with CRLF and has no bare LF', () => {
    const csv = poseCsv(frames, SQUARE, ['leftElbow']);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(csv.match(/\r\n/g)).toHaveLength(frames.length + 1);
  });

  it('writes the time a caller gives each frame: real time of a slow-motion clip', () => {
    const at240 = (f: PoseFrame) => f.frame / 240;
    const times = poseCsv([...frames, { time: 8, frame: 240, landmarks: null }], SQUARE, [], at240)
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[0]);
    expect(times).toEqual(['0.000', '0.004', '0.008', '1.000']);
  });

  it('writes only the header for a clip with no frames', () => {
    expect(poseCsv([], SQUARE, [])).toBe('time,frame,confidence\r\n');
  });
});
