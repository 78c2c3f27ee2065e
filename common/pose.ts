/**
 * Pure pose maths for the on-device pose estimation (issue 19): the 33 BlazePose landmarks as
 * MediaPipe Pose 0.5 gives them, the skeleton's bones, joint angles in the image's own pixels,
 * smoothing over time and the CSV the member downloads. No DOM, so it is unit-tested in Node and
 * shared by the pose worker, the overlay and the charts.
 */

/** One BlazePose landmark as MediaPipe gives it: x, y normalised to the image (0..1, may be outside), z relative depth, visibility 0..1. */
export type PoseLandmark = { x: number; y: number; z: number; visibility: number };

/** The pose found in one frame of a clip; landmarks null: no athlete found in this frame. */
export type PoseFrame = { time: number; frame: number; landmarks: readonly PoseLandmark[] | null };

/** How many landmarks BlazePose gives for a person. */
export const POSE_LANDMARK_COUNT = 33;

/** Each BlazePose landmark's index (MediaPipe's POSE_LANDMARKS); left and right are the athlete's own. */
export const LANDMARK = {
  nose: 0,
  leftEyeInner: 1,
  leftEye: 2,
  leftEyeOuter: 3,
  rightEyeInner: 4,
  rightEye: 5,
  rightEyeOuter: 6,
  leftEar: 7,
  rightEar: 8,
  mouthLeft: 9,
  mouthRight: 10,
  leftShoulder: 11,
  rightShoulder: 12,
  leftElbow: 13,
  rightElbow: 14,
  leftWrist: 15,
  rightWrist: 16,
  leftPinky: 17,
  rightPinky: 18,
  leftIndex: 19,
  rightIndex: 20,
  leftThumb: 21,
  rightThumb: 22,
  leftHip: 23,
  rightHip: 24,
  leftKnee: 25,
  rightKnee: 26,
  leftAnkle: 27,
  rightAnkle: 28,
  leftHeel: 29,
  rightHeel: 30,
  leftFootIndex: 31,
  rightFootIndex: 32,
} as const;

/** Which side of the body a landmark, bone or joint belongs to; 'centre' for the nose and lines across the body. */
export type Side = 'left' | 'right' | 'centre';

/**
 * The side of a landmark: the nose is centre; 1–3 (left eye) left, 4–6 (right eye) right; from 7 on
 * odd indices are left and even ones right (MediaPipe's POSE_LANDMARKS_LEFT / _RIGHT).
 */
export function landmarkSide(index: number): Side {
  if (index <= 0) return 'centre';
  if (index <= 3) return 'left';
  if (index <= 6) return 'right';
  return index % 2 === 1 ? 'left' : 'right';
}

/** MediaPipe Pose 0.5's POSE_CONNECTIONS, in its order. */
// prettier-ignore
const CONNECTIONS: ReadonlyArray<readonly [number, number]> = [
  [0, 1], [1, 2], [2, 3], [3, 7], [0, 4], [4, 5], [5, 6], [6, 8], [9, 10], [11, 12], [11, 13], [13, 15],
  [15, 17], [15, 19], [15, 21], [17, 19], [12, 14], [14, 16], [16, 18], [16, 20], [16, 22], [18, 20],
  [11, 23], [12, 24], [23, 24], [23, 25], [24, 26], [25, 27], [26, 28], [27, 29], [28, 30], [29, 31],
  [30, 32], [27, 31], [28, 32],
];

/**
 * The skeleton's bones (MediaPipe's POSE_CONNECTIONS, 35 pairs), each with the side it is drawn in:
 * a bone joining two landmarks of one side takes that side; one across the body (shoulders, hips,
 * mouth, nose to eyes) is 'centre'.
 */
export const POSE_BONES: ReadonlyArray<{ from: number; to: number; side: Side }> = CONNECTIONS.map(
  ([from, to]) => {
    const side = landmarkSide(from);
    return { from, to, side: side === landmarkSide(to) ? side : 'centre' };
  },
);

/** Landmarks below this visibility are not drawn and give no angle. */
export const MIN_VISIBILITY = 0.5;

/** The joints whose angle is measured through a clip. */
export type JointId =
  | 'leftKnee'
  | 'rightKnee'
  | 'leftHip'
  | 'rightHip'
  | 'leftElbow'
  | 'rightElbow'
  | 'leftShoulder'
  | 'rightShoulder'
  | 'trunkLean';

/** A 2D point (pixels, or normalised image coordinates). */
export type Point2 = { x: number; y: number };

/**
 * The landmarks a joint's angle is measured from: [a, vertex, c] for the angle at vertex; for trunk lean
 * [left shoulder, right shoulder, left hip, right hip].
 */
type JointDefinition = {
  id: JointId;
  label: string;
  csv: string;
  side: Side;
  uses: readonly [number, number, number] | readonly [number, number, number, number];
};

const L = LANDMARK;
// Knee = hip–knee–ankle; hip = shoulder–hip–knee; elbow = shoulder–elbow–wrist; shoulder =
// elbow–shoulder–hip.
// prettier-ignore
const JOINT_DEFINITIONS: readonly JointDefinition[] = [
  { id: 'leftKnee', label: 'Left knee', csv: 'left_knee', side: 'left', uses: [L.leftHip, L.leftKnee, L.leftAnkle] },
  { id: 'rightKnee', label: 'Right knee', csv: 'right_knee', side: 'right', uses: [L.rightHip, L.rightKnee, L.rightAnkle] },
  { id: 'leftHip', label: 'Left hip', csv: 'left_hip', side: 'left', uses: [L.leftShoulder, L.leftHip, L.leftKnee] },
  { id: 'rightHip', label: 'Right hip', csv: 'right_hip', side: 'right', uses: [L.rightShoulder, L.rightHip, L.rightKnee] },
  { id: 'leftElbow', label: 'Left elbow', csv: 'left_elbow', side: 'left', uses: [L.leftShoulder, L.leftElbow, L.leftWrist] },
  { id: 'rightElbow', label: 'Right elbow', csv: 'right_elbow', side: 'right', uses: [L.rightShoulder, L.rightElbow, L.rightWrist] },
  { id: 'leftShoulder', label: 'Left shoulder', csv: 'left_shoulder', side: 'left', uses: [L.leftElbow, L.leftShoulder, L.leftHip] },
  { id: 'rightShoulder', label: 'Right shoulder', csv: 'right_shoulder', side: 'right', uses: [L.rightElbow, L.rightShoulder, L.rightHip] },
  { id: 'trunkLean', label: 'Trunk lean', csv: 'trunk_lean', side: 'centre', uses: [L.leftShoulder, L.rightShoulder, L.leftHip, L.rightHip] },
];

/**
 * The joints, in the order charts and the CSV list them. label: 'Left knee', 'Right knee', 'Left hip',
 * …, 'Trunk lean'; csv: 'left_knee', …, 'trunk_lean'. Knee = hip–knee–ankle; hip = shoulder–hip–knee;
 * elbow = shoulder–elbow–wrist; shoulder = elbow–shoulder–hip (same side); trunk lean = the angle
 * between the vertical (up) and the line from the hips' midpoint to the shoulders' midpoint, 0 =
 * upright, unsigned.
 */
export const JOINTS: ReadonlyArray<{ id: JointId; label: string; csv: string; side: Side }> =
  JOINT_DEFINITIONS.map(({ id, label, csv, side }) => ({ id, label, csv, side }));

/** The angle at `vertex` between the rays to a and c, in degrees 0..180 (NaN-free: coincident points → null). */
export function angleAt(a: Point2, vertex: Point2, c: Point2): number | null {
  const ux = a.x - vertex.x;
  const uy = a.y - vertex.y;
  const wx = c.x - vertex.x;
  const wy = c.y - vertex.y;
  if ((ux === 0 && uy === 0) || (wx === 0 && wy === 0)) return null;
  // atan2(|cross|, dot) stays exact near 0° and 180°, where acos of the cosine loses digits.
  const degrees = (Math.atan2(Math.abs(ux * wy - uy * wx), ux * wx + uy * wy) * 180) / Math.PI;
  return Number.isFinite(degrees) ? degrees : null;
}

/** A joint's angle in one frame; confidence is the lowest visibility of the landmarks it uses. */
export type JointAngle = { degrees: number | null; confidence: number };

/**
 * Every joint's angle in degrees, computed in PIXELS of an image of `size` (normalised x,y scaled by
 * width,height: the two axes differ), null when any landmark it needs is below MIN_VISIBILITY or
 * landmarks is null; confidence = the lowest visibility of the landmarks it uses (0 when landmarks is
 * null).
 */
export function jointAngles(
  landmarks: readonly PoseLandmark[] | null,
  size: { width: number; height: number },
): Record<JointId, JointAngle> {
  const result = {} as Record<JointId, JointAngle>;
  for (const joint of JOINT_DEFINITIONS) {
    if (!landmarks) {
      result[joint.id] = { degrees: null, confidence: 0 };
      continue;
    }
    // A missing landmark (a short array) or an unreadable visibility counts as one not seen.
    const lowest = Math.min(...joint.uses.map((i) => landmarks[i]?.visibility ?? 0));
    const confidence = Number.isFinite(lowest) ? lowest : 0;
    if (confidence < MIN_VISIBILITY) {
      result[joint.id] = { degrees: null, confidence };
      continue;
    }
    const px = (i: number): Point2 => {
      const landmark = landmarks[i]!; // there: its visibility passed the check above
      return { x: landmark.x * size.width, y: landmark.y * size.height };
    };
    const u = joint.uses;
    const degrees =
      u.length === 4
        ? trunkLean(px(u[0]), px(u[1]), px(u[2]), px(u[3]))
        : angleAt(px(u[0]), px(u[1]), px(u[2]));
    result[joint.id] = { degrees, confidence };
  }
  return result;
}

/** The angle between straight up and hips' midpoint → shoulders' midpoint (image y grows downwards). */
function trunkLean(
  leftShoulder: Point2,
  rightShoulder: Point2,
  leftHip: Point2,
  rightHip: Point2,
): number | null {
  const hips = { x: (leftHip.x + rightHip.x) / 2, y: (leftHip.y + rightHip.y) / 2 };
  const shoulders = { x: (leftShoulder.x + rightShoulder.x) / 2, y: (leftShoulder.y + rightShoulder.y) / 2 };
  return angleAt({ x: hips.x, y: hips.y - 1 }, hips, shoulders);
}

/**
 * A centred moving average over `window` (odd, default 5) frames that skips nulls (a frame with no
 * value stays null; neighbours that are null are left out of the mean). At the ends the window is cut
 * short rather than padded. An even or non-positive window is a programming error (RangeError).
 */
export function smoothSeries(values: readonly (number | null)[], window = 5): (number | null)[] {
  if (!Number.isInteger(window) || window < 1 || window % 2 === 0) {
    throw new RangeError(`The smoothing window must be a positive odd whole number, not ${window}`);
  }
  const half = (window - 1) / 2;
  return values.map((value, i) => {
    if (value === null) return null;
    let sum = 0;
    let count = 0;
    for (let j = Math.max(0, i - half); j <= Math.min(values.length - 1, i + half); j++) {
      const v = values[j] ?? null;
      if (v !== null) {
        sum += v;
        count++;
      }
    }
    return sum / count;
  });
}

/** A number to a fixed count of decimals, rounded half away from zero and never '-0.0'. */
function fixed(value: number, decimals: number): string {
  const scale = 10 ** decimals;
  // Rounding first avoids toFixed's binary surprises (1.05.toFixed(1) is '1.1', 0.35 → '0.3').
  const rounded = Math.round(value * scale + Math.sign(value) * Number.EPSILON * scale) / scale;
  return (Object.is(rounded, -0) ? 0 : rounded).toFixed(decimals);
}

/**
 * The CSV the member downloads: header `time,frame,<csv name of each joint in `joints` order>,confidence`;
 * one row per frame in order; time in seconds with 3 decimals, angles with 1 decimal, confidence (the
 * mean visibility of the 33 landmarks, 2 decimals; empty when no athlete), empty cells for null; lines
 * end with \r\n (RFC 4180); ends with \r\n. `timeOf` gives each frame's time (default its media time):
 * the analysis tool passes the real time of a slow-motion clip (issue 33, its frame over the capture rate).
 */
export function poseCsv(
  frames: readonly PoseFrame[],
  size: { width: number; height: number },
  joints: readonly JointId[],
  timeOf: (frame: PoseFrame) => number = (f) => f.time,
): string {
  const csvName = new Map(JOINTS.map((j) => [j.id, j.csv]));
  const names = joints.map((id) => csvName.get(id));
  const lines = [['time', 'frame', ...names, 'confidence'].join(',')];
  for (const poseFrame of frames) {
    const { frame, landmarks } = poseFrame;
    const time = timeOf(poseFrame);
    const angles = jointAngles(landmarks, size);
    const cells = joints.map((id) => {
      const degrees = angles[id].degrees;
      return degrees === null ? '' : fixed(degrees, 1);
    });
    const confidence =
      landmarks && landmarks.length > 0
        ? fixed(landmarks.reduce((sum, l) => sum + l.visibility, 0) / landmarks.length, 2)
        : '';
    lines.push([fixed(time, 3), String(frame), ...cells, confidence].join(','));
  }
  return lines.map((line) => `${line}\r\n`).join('');
}
